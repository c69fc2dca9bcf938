echo actual >&2
