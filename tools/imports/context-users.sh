#!/bin/sh
# Files of services/api/src (at a git revision, default HEAD) that import ServerContext, out of all .ts files.
rev=${1:-HEAD}
total=$(git ls-tree -r --name-only "$rev" services/api/src | grep -c '\.ts$')
users=$(git grep -lE "import (type )?\{[^}]*\bServerContext\b" "$rev" -- 'services/api/src/*.ts' | wc -l)
echo "$users of $total files in services/api/src import ServerContext ($rev)"
