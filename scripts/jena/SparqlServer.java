import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryException;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.ResultSetFormatter;
import java.util.Iterator;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.sparql.resultset.ResultsWriter;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.TDB2Factory;

/**
 * A test harness standing in for Apache Jena Fuseki's HTTP layer: the SPARQL 1.1 protocol
 * (query operation only) over one TDB2 dataset, answered by ARQ, the engine Fuseki runs.
 * GET with ?query=, POST form-encoded or as application/sparql-query; default-graph-uri as
 * the protocol says; SPARQL JSON, TSV, CSV or XML results by the Accept header, streamed;
 * CONSTRUCT answered as N-Triples, streamed, as Fuseki streams it;
 * a timeout per query; the JDK's HTTP server (keep-alive, a pool of threads). The default
 * graph is the dataset's own default graph, as with Fuseki's --loc. Not a product:
 * scripts/jena.sh compiles and runs it for the tests and the benchmark.
 *
 *   java SparqlServer LOCATION PORT TIMEOUT_MS
 */
public final class SparqlServer {
  private final Dataset dataset;
  private final long timeoutMs;

  private SparqlServer(Dataset dataset, long timeoutMs) {
    this.dataset = dataset;
    this.timeoutMs = timeoutMs;
  }

  public static void main(String[] args) throws IOException {
    Dataset dataset = TDB2Factory.connectDataset(args[0]);
    SparqlServer server = new SparqlServer(dataset, Long.parseLong(args[2]));
    HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[1])), 64);
    http.createContext("/sparql", server::handle);
    http.setExecutor(Executors.newFixedThreadPool(16));
    http.start();
    System.err.println("jena: SPARQL at http://127.0.0.1:" + args[1] + "/sparql over " + args[0]);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try {
      String method = exchange.getRequestMethod();
      List<String[]> parameters = new ArrayList<>();
      readForm(exchange.getRequestURI().getRawQuery(), parameters);
      String queryText = null;
      if (method.equals("POST")) {
        String type = header(exchange, "Content-Type").toLowerCase(Locale.ROOT);
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        if (type.startsWith("application/x-www-form-urlencoded")) readForm(body, parameters);
        else if (type.startsWith("application/sparql-query")) queryText = body;
        else {
          send(exchange, 415, "text/plain", "POST a form (application/x-www-form-urlencoded) or application/sparql-query");
          return;
        }
      } else if (!method.equals("GET") && !method.equals("HEAD")) {
        exchange.getResponseHeaders().set("Allow", "GET, HEAD, POST");
        send(exchange, 405, "text/plain", "GET or POST");
        return;
      }
      List<String> defaultGraphs = new ArrayList<>();
      for (String[] pair : parameters) {
        if (pair[0].equals("query")) {
          if (queryText != null) {
            send(exchange, 400, "text/plain", "one query at a time");
            return;
          }
          queryText = pair[1];
        } else if (pair[0].equals("default-graph-uri")) defaultGraphs.add(pair[1]);
      }
      if (queryText == null) {
        send(exchange, 400, "text/plain", "no query");
        return;
      }
      Query query;
      try {
        query = QueryFactory.create(queryText);
      } catch (QueryException error) { // a syntax error, or a term ARQ refuses (an IRI not in NFC): Fuseki's 400
        send(exchange, 400, "text/plain", "Parse error: " + error.getMessage());
        return;
      }
      if (!defaultGraphs.isEmpty()) {
        if (query.hasDatasetDescription()) {
          send(exchange, 400, "text/plain", "default-graph-uri and FROM in one query");
          return;
        }
        for (String graph : defaultGraphs) query.addGraphURI(graph);
      }
      answer(exchange, query);
    } catch (RuntimeException error) {
      System.err.println("jena: " + error);
      try {
        send(exchange, 500, "text/plain", String.valueOf(error.getMessage()));
      } catch (IOException | RuntimeException ignored) {
        // the answer had begun: the connection is closed below
      }
    } finally {
      exchange.close();
    }
  }

  /** Runs `query` in a read transaction and writes its results as they come. */
  private void answer(HttpExchange exchange, Query query) throws IOException {
    String accept = header(exchange, "Accept").toLowerCase(Locale.ROOT);
    ResultsFormat format = ResultsFormat.of(accept);
    if (!query.isSelectType() && !query.isAskType() && !query.isConstructType()) {
      send(exchange, 400, "text/plain", "this harness answers SELECT, ASK and CONSTRUCT only");
      return;
    }
    Txn.executeRead(dataset, () -> {
      try (QueryExecution execution = QueryExecution.create().query(query).dataset(dataset).timeout(timeoutMs, TimeUnit.MILLISECONDS).build()) {
        if (query.isAskType()) {
          boolean yes = execution.execAsk();
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          ResultsWriter.create().lang(format.lang).write(out, yes);
          send(exchange, 200, format.mediaType, out.toString(StandardCharsets.UTF_8));
          return;
        }
        if (query.isConstructType()) {
          Iterator<Triple> triples = execution.execConstructTriples();
          triples.hasNext(); // as for SELECT: an error before the first triple is still an HTTP status
          exchange.getResponseHeaders().set("Content-Type", "application/n-triples; charset=utf-8");
          exchange.sendResponseHeaders(200, 0);
          try (OutputStream out = exchange.getResponseBody()) {
            StreamRDF stream = StreamRDFWriter.getWriterStream(out, RDFFormat.NTRIPLES_UTF8);
            stream.start();
            triples.forEachRemaining(stream::triple);
            stream.finish();
          }
          return;
        }
        ResultSet results = execution.execSelect();
        // The first row is computed before the headers go out, so that an error or a
        // timeout before it is still an HTTP error status.
        results.hasNext();
        exchange.getResponseHeaders().set("Content-Type", format.mediaType + "; charset=utf-8");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream out = exchange.getResponseBody()) {
          ResultsWriter.create().lang(format.lang).write(out, results);
        }
      } catch (QueryCancelledException error) {
        sendQuietly(exchange, 503, "Query timed out after " + timeoutMs + " ms");
      } catch (IOException error) {
        throw new java.io.UncheckedIOException(error);
      }
    });
  }

  private enum ResultsFormat {
    JSON("application/sparql-results+json", ResultSetLang.RS_JSON),
    TSV("text/tab-separated-values", ResultSetLang.RS_TSV),
    CSV("text/csv", ResultSetLang.RS_CSV),
    XML("application/sparql-results+xml", ResultSetLang.RS_XML);

    final String mediaType;
    final org.apache.jena.riot.Lang lang;

    ResultsFormat(String mediaType, org.apache.jena.riot.Lang lang) {
      this.mediaType = mediaType;
      this.lang = lang;
    }

    /** The first of the Accept header's types this harness writes (q-values are not weighed); JSON otherwise. */
    static ResultsFormat of(String accept) {
      for (String part : accept.split(",")) {
        String type = part.split(";")[0].trim();
        for (ResultsFormat format : values()) if (format.mediaType.equals(type)) return format;
      }
      return JSON;
    }
  }

  private static void readForm(String form, List<String[]> into) {
    if (form == null || form.isEmpty()) return;
    for (String pair : form.split("&")) {
      int equals = pair.indexOf('=');
      String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
      String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
      into.add(new String[] {name, value});
    }
  }

  private static String header(HttpExchange exchange, String name) {
    String value = exchange.getRequestHeaders().getFirst(name);
    return value == null ? "" : value;
  }

  private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
    boolean head = exchange.getRequestMethod().equals("HEAD");
    exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
    if (!head) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  private static void sendQuietly(HttpExchange exchange, int status, String message) {
    try {
      send(exchange, status, "text/plain", message);
    } catch (IOException | RuntimeException ignored) {
      // the results had begun: the connection closes, and the client sees a broken answer
    }
  }
}
