"$DTRACE" -l -n 'nosuchprovider:::'
