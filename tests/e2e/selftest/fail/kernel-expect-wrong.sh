# Prints what the generic expected file holds; the 9.9 one differs, so the
# case fails if (and only if) the per-kernel file is the one compared.
echo same
