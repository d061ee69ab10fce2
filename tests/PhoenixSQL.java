/*
 * tests/PhoenixSQL.java - runs SQL through Apache Phoenix's own JDBC driver (phoenix-core-client
 * 5.2.1) against the local HBase, whose daemons carry Phoenix's server side
 * (scripts/hbase-local with HBASE_EXTRA_LIB, tests/fixtures_phoenix.py).  Statements come on
 * stdin, each ending with ";" at the end of a line; each query's rows are printed as one JSON
 * array per row (values as Phoenix's getString gives them, DECIMALs as plain digits, null as
 * null).  Commits after each statement.  A statement starting with the comment tenant:ID runs
 * on a connection of that tenant (connectionFor).
 * Usage: java -cp <jars> tests/PhoenixSQL.java ZK_HOST:ZK_PORT < statements.sql
 */
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

public class PhoenixSQL {
  static String json(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
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
      c.setAutoCommit(false);
      TENANTS.put(tenant, c);
    }
    return c;
  }

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    try (Connection conn = DriverManager.getConnection("jdbc:phoenix:" + args[0], props)) {
      conn.setAutoCommit(false);
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
      StringBuilder stmt = new StringBuilder();
      String line;
      while ((line = in.readLine()) != null) {
        if (line.trim().startsWith("--")) continue;
        stmt.append(line).append('\n');
        if (!line.trim().endsWith(";")) continue;
        String sql = stmt.toString().trim();
        sql = sql.substring(0, sql.length() - 1);
        stmt.setLength(0);
        String[] one = {sql};
        Connection c = connectionFor(conn, args[0], one);
        sql = one[0];
        try (Statement st = c.createStatement()) {
          if (st.execute(sql)) {
            ResultSet rs = st.getResultSet();
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
              StringBuilder row = new StringBuilder("[");
              for (int i = 1; i <= n; i++) {
                Object o = rs.getObject(i);
                // a DECIMAL's digits as they are (getString groups thousands)
                String v = o instanceof java.math.BigDecimal ? ((java.math.BigDecimal) o).toPlainString()
                    : rs.getString(i);
                row.append(i > 1 ? ", " : "").append(json(v));
              }
              System.out.println(row.append("]"));
            }
          }
        }
        c.commit();
      }
    }
  }
}
