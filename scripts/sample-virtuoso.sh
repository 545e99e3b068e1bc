# Sourced by the test scripts that need a store: starts a private Virtuoso holding the sample
# vocabulary, stops it when the sourcing script exits (whatever happens), and exports
# VIRTUOSO_GRAPH and VIRTUOSO_ENDPOINT for the suites.
export VIRTUOSO_GRAPH="${VIRTUOSO_GRAPH:-urn:x-skos-lookup:data}"
export VIRTUOSO_ENDPOINT="http://127.0.0.1:${VIRTUOSO_HTTP_PORT:-18890}/sparql"
trap 'scripts/virtuoso.sh stop' EXIT
scripts/virtuoso.sh start
scripts/virtuoso.sh load data/sample-vocabulary.ttl
