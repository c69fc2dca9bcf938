# #include "f" looks beside the including file first, then in the -I
# directories; #include <f> only in the -I (and system) directories. -H
# prints each file opened, one dot per level of nesting, to stderr.
mkdir -p scripts/lib other
cat > scripts/main.d <<'D'
#include "local.h"
#include <shared.h>
#include "only_in_other.h"
BEGIN { printf("%s %s %s %s\n", LOCAL, SHARED, NESTED, OTHER); exit(0); }
D
cat > scripts/local.h <<'D'
#define LOCAL "local"
#include "lib/nested.h"
D
cat > scripts/lib/nested.h <<'D'
#define NESTED "nested"
D
cat > other/shared.h <<'D'
#define SHARED "shared"
D
cat > other/only_in_other.h <<'D'
#define OTHER "other"
D
# Not found for <shared.h>: the including file's directory is only for "".
cat > scripts/shared.h <<'D'
#define SHARED "wrong"
D
"$DTRACE" -q -C -H -I other -s scripts/main.d
