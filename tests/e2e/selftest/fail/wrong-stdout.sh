echo actual
