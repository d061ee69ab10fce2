/*
 * tests/PhoenixServe.java - one long-lived Phoenix JDBC session (phoenix-core-client 5.2.1
 * against the local HBase) answering many statements, for tests/phoenix_difftest.py: starting
 * a JVM and a Phoenix connection costs seconds, a query through an open one milliseconds.
 *
 * Protocol: each line on stdin is one statement, base64 of its UTF-8 text (so that values may
 * hold newlines and semicolons).  For each, one line on stdout, JSON:
 *   {"rows": [[v, ...], ...]}   a query (values typed below), or {"count": n} for DML/DDL
 *   {"error": "message"}        the statement failed (the session goes on)
 * Values: null; DECIMAL as BigDecimal.toPlainString; DATE/TIME/TIMESTAMP (and UNSIGNED_ forms)
 * as "ts:<epoch ms>:<nanos within the second>" (no time zone involved); BINARY/VARBINARY and
 * arrays as "hex:<bytes>"; BOOLEAN "true"/"false"; FLOAT/DOUBLE as Java prints them; others
 * as getString.  Autocommit is on.  A statement starting with the comment tenant:ID runs on a
 * connection of that tenant (connectionFor).
 * Usage: java -cp <jars> tests/PhoenixServe.java ZK_HOST:ZK_PORT
 *
 * With --script (the fixtures' DDL and UPSERTs, tests/fixtures_phoenix.py phoenix_sql):
 * statements come on stdin as a script, each ending with ";" at the end of a line (lines
 * starting with "--" left out); each query's rows are printed as one JSON array per row
 * (values as Phoenix's getString gives them, DECIMALs as plain digits, null as null); commits
 * after each statement; the first error ends the run (exit status 1).
 * Usage: java -cp <jars> tests/PhoenixServe.java --script ZK_HOST:ZK_PORT < statements.sql
 *
 * With --script-server SOCKET: the same scripts, one per connection to a Unix socket (the
 * client sends the script and shuts its side down), so that a test suite's dozens of scripts
 * pay for the JVM and Phoenix's first connection once, not each (5 s against 0.1 s).  Each
 * script runs on a fresh global connection and fresh tenant connections, as in a process of
 * its own; the answer ends with a line {"status": "ok"} or {"status": "error", "message": ...}.
 * The server exits after IDLE_EXIT_MS without a script.
 * Usage: java -cp <jars> tests/PhoenixServe.java --script-server SOCKET ZK_HOST:ZK_PORT
 */
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.Base64;
import java.util.Properties;

public class PhoenixServe {
  static String json(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  static String hex(byte[] b) {
    StringBuilder s = new StringBuilder("hex:");
    for (byte x : b) s.append(String.format("%02x", x));
    return s.toString();
  }

  // one value as the protocol spells it
  static String value(ResultSet rs, ResultSetMetaData md, int i) throws Exception {
    int t = md.getColumnType(i);
    String tn = md.getColumnTypeName(i);
    switch (t) {
      case Types.DATE:
      case Types.TIME:
      case Types.TIMESTAMP: {
        Timestamp ts = rs.getTimestamp(i);
        if (ts == null) return null;
        return "ts:" + ts.getTime() + ":" + ts.getNanos();
      }
      case Types.BINARY:
      case Types.VARBINARY:
      case Types.ARRAY: {
        byte[] b = rs.getBytes(i);
        return b == null ? null : hex(b);
      }
      case Types.DECIMAL: {
        BigDecimal d = rs.getBigDecimal(i);
        return d == null ? null : d.toPlainString();
      }
      case Types.BOOLEAN: {
        boolean v = rs.getBoolean(i);
        return rs.wasNull() ? null : (v ? "true" : "false");
      }
      default:
        if (tn != null && tn.startsWith("UNSIGNED_") && (tn.contains("DATE") || tn.contains("TIME"))) {
          Timestamp ts = rs.getTimestamp(i);
          return ts == null ? null : "ts:" + ts.getTime() + ":" + ts.getNanos();
        }
        return rs.getString(i);
    }
  }

  /** tenant connections (TenantId set) by tenant id, opened on first use */
  static final java.util.Map<String, Connection> TENANTS = new java.util.HashMap<>();

  /**
   * The connection a statement runs on: a statement that starts with the comment
   * tenant:ID between slash-star and star-slash runs on a connection of that tenant (Phoenix's
   * TenantId property: a multi-tenant table's tenant views), the rest on the global one.
   * Returns the connection and leaves the statement without its comment in sql[0].
   */
  static Connection connectionFor(Connection global, String zk, String[] sql) throws Exception {
    String s = sql[0];
    if (!s.startsWith("/*tenant:")) return global;
    int end = s.indexOf("*/");
    String tenant = s.substring(9, end);
    sql[0] = s.substring(end + 2).trim();
    Connection c = TENANTS.get(tenant);
    if (c == null) {
      Properties p = new Properties();
      p.setProperty("TenantId", tenant);
      c = DriverManager.getConnection("jdbc:phoenix:" + zk, p);
      c.setAutoCommit(global.getAutoCommit());
      TENANTS.put(tenant, c);
    }
    return c;
  }

  /** --script: the statements of a script, each query's rows as JSON arrays, one a line */
  static void script(Connection conn, String zk, BufferedReader in, PrintStream out) throws Exception {
    conn.setAutoCommit(false);
    StringBuilder stmt = new StringBuilder();
    String line;
    while ((line = in.readLine()) != null) {
      if (line.trim().startsWith("--")) continue;
      stmt.append(line).append('\n');
      if (!line.trim().endsWith(";")) continue;
      String sql = stmt.toString().trim();
      String[] one = {sql.substring(0, sql.length() - 1)};
      stmt.setLength(0);
      Connection c = connectionFor(conn, zk, one);
      try (Statement st = c.createStatement()) {
        if (st.execute(one[0])) {
          ResultSet rs = st.getResultSet();
          int n = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            StringBuilder row = new StringBuilder("[");
            for (int i = 1; i <= n; i++) {
              Object o = rs.getObject(i);
              // a DECIMAL's digits as they are (getString groups thousands)
              String v = o instanceof BigDecimal ? ((BigDecimal) o).toPlainString() : rs.getString(i);
              row.append(i > 1 ? ", " : "").append(json(v));
            }
            out.println(row.append("]"));
          }
        }
      }
      c.commit();
    }
    out.flush();
  }

  static final long IDLE_EXIT_MS = 600_000;
  static volatile long lastUse = System.currentTimeMillis();

  /** --script-server: scripts from a Unix socket, one a connection, one at a time */
  static void scriptServer(String path, String zk) throws Exception {
    java.nio.file.Path sock = java.nio.file.Path.of(path);
    java.nio.file.Files.deleteIfExists(sock);
    java.nio.channels.ServerSocketChannel server =
        java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
    server.bind(java.net.UnixDomainSocketAddress.of(sock));
    Thread idle = new Thread(() -> {
      for (;;) {
        try { Thread.sleep(5000); } catch (InterruptedException e) { return; }
        if (System.currentTimeMillis() - lastUse > IDLE_EXIT_MS) {
          try { java.nio.file.Files.deleteIfExists(sock); } catch (Exception e) { }
          System.exit(0);
        }
      }
    });
    idle.setDaemon(true);
    idle.start();
    // the first connection, made before taking scripts: it is what costs seconds
    DriverManager.getConnection("jdbc:phoenix:" + zk, new Properties()).close();
    for (;;) {
      try (java.nio.channels.SocketChannel ch = server.accept()) {
        lastUse = System.currentTimeMillis();
        BufferedReader in = new BufferedReader(new InputStreamReader(
            java.nio.channels.Channels.newInputStream(ch), StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(java.nio.channels.Channels.newOutputStream(ch), false, "UTF-8");
        try (Connection conn = DriverManager.getConnection("jdbc:phoenix:" + zk, new Properties())) {
          script(conn, zk, in, out);
          out.println("{\"status\": \"ok\"}");
        } catch (Exception | StackOverflowError e) {
          out.println("{\"status\": \"error\", \"message\": " + json(String.valueOf(e)) + "}");
        } finally {
          for (Connection c : TENANTS.values()) {
            try { c.close(); } catch (Exception e) { }
          }
          TENANTS.clear();
          out.flush();
          lastUse = System.currentTimeMillis();
        }
      } catch (java.io.IOException e) {
        // a client gone away: the next one
      }
    }
  }

  public static void main(String[] args) throws Exception {
    // the protocol's own stdout; what libraries print (log4j ...) goes to stderr
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8");
    System.setOut(System.err);
    if (args[0].equals("--script-server")) {
      scriptServer(args[1], args[2]);
      return;
    }
    boolean isScript = args[0].equals("--script");
    if (isScript) args = new String[] {args[1]};
    Properties props = new Properties();
    try (Connection conn = DriverManager.getConnection("jdbc:phoenix:" + args[0], props)) {
      conn.setAutoCommit(true);
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      if (isScript) {
        script(conn, args[0], in, out);
        return;
      }
      out.println("{\"ready\": true}");
      out.flush();
      String line;
      while ((line = in.readLine()) != null) {
        if (line.isEmpty()) continue;
        String sql = new String(Base64.getDecoder().decode(line.trim()), StandardCharsets.UTF_8);
        StringBuilder res = new StringBuilder();
        String[] one = {sql};
        try (Statement st = connectionFor(conn, args[0], one).createStatement()) {
          sql = one[0];
          if (st.execute(sql)) {
            ResultSet rs = st.getResultSet();
            ResultSetMetaData md = rs.getMetaData();
            int n = md.getColumnCount();
            res.append("{\"rows\": [");
            String sep = "";
            while (rs.next()) {
              res.append(sep).append('[');
              for (int i = 1; i <= n; i++) res.append(i > 1 ? ", " : "").append(json(value(rs, md, i)));
              res.append(']');
              sep = ", ";
            }
            res.append("]}");
          } else {
            res.append("{\"count\": ").append(st.getUpdateCount()).append('}');
          }
        } catch (Exception | StackOverflowError e) {
          // a StackOverflowError too: Phoenix 5.2.1 recurses without end on a scan it keeps
          // finding stale (BaseResultIterators.getIterators / recreateIterators); one query's
          // failure, not the run's
          String m = String.valueOf(e.getMessage());
          res.setLength(0);
          res.append("{\"error\": ").append(json(e.getClass().getSimpleName() + ": "
              + (m.length() > 2000 ? m.substring(0, 2000) : m))).append('}');
        }
        out.println(res);
        out.flush();
      }
    }
  }
}
