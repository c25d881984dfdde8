#!/usr/bin/env bash
# Every test: typecheck, lint, the whole suite on SQLite, then the database suites again on PostgreSQL
# when MERX_TEST_DATABASE_URL is set (CI sets it). Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
status=0

npx tsc --build || status=1
npx biome check . || status=1

echo "== Tests on SQLite"
MERX_TEST_DATABASE_URL= npx vitest run --reporter=default --reporter=json --outputFile="$out/sqlite.json" || status=1

if [ -n "${MERX_TEST_DATABASE_URL:-}" ]; then
  echo "== Database suites on PostgreSQL ($MERX_TEST_DATABASE_URL)"
  npx vitest run packages/db packages/server tests --reporter=default --reporter=json --outputFile="$out/postgres.json" || status=1
fi

node -e '
const fs = require("fs");
let passed = 0, failed = 0, skipped = 0;
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0) process.exit(1);
' "$out" || status=1
rm -rf "$out"
exit $status
