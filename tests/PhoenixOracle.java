/*
 * tests/PhoenixOracle.java - values encoded by Apache Phoenix's own type classes (phoenix-core-client
 * 5.2.1, PDataType), the oracle of sql/phoenix.sql.  Prints one JSON row per line: a rowkey and
 * cells "p:<type>" holding Phoenix's bytes (hex).  A null value is an absent cell.
 * tests/fixtures_phoenix.py runs it (JDK single-file launcher) and writes the rows through REST.
 */
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.phoenix.schema.types.*;

public class PhoenixOracle {
  static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) s.append(String.format("%02x", x));
    return s.toString();
  }

  static Timestamp ts(long ms, int nanos) {
    Timestamp t = new Timestamp(ms);
    t.setNanos(nanos);
    return t;
  }

  static void row(String key, Integer i, Short s, Long l, Float f, Double d, Boolean b, String dec,
                  Long dateMs, Timestamp t, String v) {
    Map<String, byte[]> cells = new LinkedHashMap<>();
    if (i != null) cells.put("p:int", PInteger.INSTANCE.toBytes(i));
    if (s != null) cells.put("p:smallint", PSmallint.INSTANCE.toBytes(s));
    if (l != null) cells.put("p:bigint", PLong.INSTANCE.toBytes(l));
    if (f != null) cells.put("p:float", PFloat.INSTANCE.toBytes(f));
    if (d != null) cells.put("p:double", PDouble.INSTANCE.toBytes(d));
    if (b != null) cells.put("p:bool", PBoolean.INSTANCE.toBytes(b));
    if (dec != null) cells.put("p:dec", PDecimal.INSTANCE.toBytes(new BigDecimal(dec)));
    if (dateMs != null) cells.put("p:date", PDate.INSTANCE.toBytes(new Date(dateMs)));
    if (t != null) cells.put("p:ts", PTimestamp.INSTANCE.toBytes(t));
    if (v != null) cells.put("p:varchar", PVarchar.INSTANCE.toBytes(v));
    print(key, cells);
  }

  // the types a column names with phoenix_type: TINYINT, UNSIGNED_*, DATE/TIME of a timestamp
  static void named(String key, Byte tiny, Byte utiny, Short usmall, Integer uint, Long ulong,
                    Float ufloat, Double udouble, Long timeMs, Long udateMs, Timestamp uts) {
    Map<String, byte[]> cells = new LinkedHashMap<>();
    if (tiny != null) cells.put("p:tiny", PTinyint.INSTANCE.toBytes(tiny));
    if (utiny != null) cells.put("p:utiny", PUnsignedTinyint.INSTANCE.toBytes(utiny));
    if (usmall != null) cells.put("p:usmall", PUnsignedSmallint.INSTANCE.toBytes(usmall));
    if (uint != null) cells.put("p:uint", PUnsignedInt.INSTANCE.toBytes(uint));
    if (ulong != null) cells.put("p:ulong", PUnsignedLong.INSTANCE.toBytes(ulong));
    if (ufloat != null) cells.put("p:ufloat", PUnsignedFloat.INSTANCE.toBytes(ufloat));
    if (udouble != null) cells.put("p:udouble", PUnsignedDouble.INSTANCE.toBytes(udouble));
    if (timeMs != null) cells.put("p:time", PTime.INSTANCE.toBytes(new java.sql.Time(timeMs)));
    if (udateMs != null) cells.put("p:udate", PUnsignedDate.INSTANCE.toBytes(new Date(udateMs)));
    if (uts != null) cells.put("p:uts", PUnsignedTimestamp.INSTANCE.toBytes(uts));
    print(key, cells);
  }

  static void print(String key, Map<String, byte[]> cells) {
    StringBuilder out = new StringBuilder("{\"key\": \"" + key + "\", \"cells\": {");
    String sep = "";
    for (Map.Entry<String, byte[]> e : cells.entrySet()) {
      out.append(sep).append("\"").append(e.getKey()).append("\": \"").append(hex(e.getValue())).append("\"");
      sep = ", ";
    }
    System.out.println(out.append("}}"));
  }

  // a key of PRIMARY KEY (d DECIMAL, id INTEGER): PDecimal's bytes, the separator 0x00 that
  // follows a variable-width key column, PInteger's bytes; the DECIMAL as a cell too
  static void decimalKey(String dec, int id) {
    byte[] d = PDecimal.INSTANCE.toBytes(new BigDecimal(dec));
    byte[] i = PInteger.INSTANCE.toBytes(id);
    byte[] key = new byte[d.length + 1 + i.length];
    System.arraycopy(d, 0, key, 0, d.length);
    System.arraycopy(i, 0, key, d.length + 1, i.length);
    Map<String, byte[]> cells = new LinkedHashMap<>();
    cells.put("p:dec", d);
    cells.put("p:text", PVarchar.INSTANCE.toBytes(dec));
    print("hex:" + hex(key), cells);
  }

  public static void main(String[] args) {
    String[] decs = {"0", "1.5", "-1.5", "1.505", "1.55", "2", "-2", "-2.5", "99", "99.5", "100",
                     "-100", "0.001", "-0.001", "1E-30", "-1E-30", "0.5", "-0.5", "10", "0.10",
                     "12345678901234567890.123456789", "-12345678901234567890.123456789",
                     "99999999999999999999999999999999999999", "-99999999999999999999999999999999999999",
                     "1E+100", "-1E+100", "123456", "-123456"};
    for (int k = 0; k < decs.length; k++) decimalKey(decs[k], k);
    named("n1", (byte) 0, (byte) 0, (short) 0, 0, 0L, 0.0f, 0.0, 0L, 0L, ts(0, 0));
    named("n2", (byte) -128, (byte) 127, Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE,
          Float.MAX_VALUE, Double.MAX_VALUE, 1709287872345L, 19783 * 86400000L,
          ts(1709287872345L, 345678000));
    named("n3", (byte) 127, (byte) 1, (short) 1, 1, 1L, 1.5f, 1.5, -1L, 86400000L, ts(1, 1000));
    long day = 86400000L;
    row("r1", 0, (short) 0, 0L, 0.0f, 0.0, false, "0", 0L, ts(0, 0), "");
    // 2024-03-01 = day 19783; 10:11:12.345678 UTC
    row("r2", 1, (short) 1, 1L, 1.5f, 1.5, true, "123.45", 19783 * day,
        ts(19783 * day + 36672345L, 345678000), "h\u00e9llo");
    // 1969-12-31 23:59:59.999999
    row("r3", -1, (short) -1, -1L, -1.5f, -1.5, true, "-123.45", -day, ts(-1, 999999000), "a");
    row("r4", Integer.MAX_VALUE, Short.MAX_VALUE, Long.MAX_VALUE, Float.MAX_VALUE, Double.MAX_VALUE,
        false, "0.001", 2932896 * day, ts(253402300799999L, 999999000), "\u65e5\u672c");
    // 1900-01-01 = day -25567
    row("r5", Integer.MIN_VALUE, Short.MIN_VALUE, Long.MIN_VALUE, -0.0f, -0.0, false, "-0.001",
        -25567 * day, ts(-2208988800000L, 1000), "x y");
    row("r6", 42, (short) 7, 1234567890123L, Float.MIN_VALUE, Double.MIN_VALUE, true,
        "12345678901234567890.123456789", null, null, null);
    row("r7", null, null, null, null, null, null, "-99999999999999999999999999999999999999", null,
        null, null);
    row("r8", null, null, null, null, null, null, "100", null, null, null);
    row("r9", null, null, null, null, null, null, "-100", null, null, null);
    row("r10", null, null, null, null, null, null, "0.1", null, null, null);
    row("r11", null, null, null, null, null, null, "-1E-30", null, null, null);
  }
}
