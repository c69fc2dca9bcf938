echo once
