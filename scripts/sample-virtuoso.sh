# Sourced by the test scripts that need a store: starts a private Virtuoso holding the sample
# vocabulary, stops it when the sourcing script exits (whatever happens), and exports
# VIRTUOSO_GRAPH and VIRTUOSO_ENDPOINT for the suites.
export VIRTUOSO_GRAPH="${VIRTUOSO_GRAPH:-urn:x-skos-lookup:data}"
export VIRTUOSO_ENDPOINT="http://127.0.0.1:${VIRTUOSO_HTTP_PORT:-18890}/sparql"
trap 'scripts/virtuoso.sh stop' EXIT
scripts/virtuoso.sh start
scripts/virtuoso.sh load data/sample-vocabulary.ttl
# The real-world oddities (test/http/realWorldData.test.ts) in a graph of their own.
export ODDITIES_GRAPH="urn:x-skos-lookup:oddities"
VIRTUOSO_GRAPH="$ODDITIES_GRAPH" scripts/virtuoso.sh load test/fixtures/real-world-oddities.nt
# The browsing fixture (test/http/browse.test.ts) in a graph of its own.
export HIERARCHY_GRAPH="urn:x-skos-lookup:hierarchy"
VIRTUOSO_GRAPH="$HIERARCHY_GRAPH" scripts/virtuoso.sh load test/fixtures/hierarchy.ttl
# Schemes titled with Dublin Core, and concepts with dates (test/http/schemeTitles.test.ts, skosmos.test.ts).
export SCHEME_TITLES_GRAPH="urn:x-skos-lookup:scheme-titles"
VIRTUOSO_GRAPH="$SCHEME_TITLES_GRAPH" scripts/virtuoso.sh load test/fixtures/scheme-titles.ttl
export CHANGES_GRAPH="urn:x-skos-lookup:changes"
VIRTUOSO_GRAPH="$CHANGES_GRAPH" scripts/virtuoso.sh load test/fixtures/changes.ttl
