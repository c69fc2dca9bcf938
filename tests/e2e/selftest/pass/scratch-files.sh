# Files the case writes in its working directory, even ones named like the
# runner's captures, do not disturb what is compared.
echo mine > out
echo mine too > err
cat out err
