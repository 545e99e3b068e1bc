"""Drives NatLibFi's skosmos-client (PyPI, installed by scripts/test-clients.sh) as its users
call it: reads a JSON list of calls on stdin, runs each against the API base given as the
first argument, and writes the results (or the exception each raised) as JSON on stdout.
A call is {"method": "search", "args": [...], "kwargs": {...}}; "concept.broader" and the
like call a SkosmosConcept made by get_concept(vocid, uri); "data" answers the rdflib graph
as sorted N3 triples."""
import json
import sys

from skosmos_client import SkosmosClient

api = SkosmosClient(api_base=sys.argv[1])
results = []
for call in json.load(sys.stdin):
    method = call["method"]
    args = call.get("args", [])
    kwargs = call.get("kwargs", {})
    try:
        if method == "data":
            graph = api.data(*args, **kwargs)
            value = sorted([s.n3(), p.n3(), o.n3()] for s, p, o in graph)
        elif method.startswith("concept."):
            concept = api.get_concept(call["vocid"], call["uri"])
            value = getattr(concept, method[len("concept."):])(*args, **kwargs)
        else:
            value = getattr(api, method)(*args, **kwargs)
        results.append({"value": value})
    except Exception as error:  # the test compares what the client raised
        results.append({"error": f"{type(error).__name__}: {error}"})
json.dump(results, sys.stdout)
