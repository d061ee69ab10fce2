// tests/HBaseAdmin.java - owns what the test harness needs from the HBase Java Admin API that the
// REST gateway cannot do: creating pre-split tables (and their namespace). Used by
// tests/hbase_rest.py; run with the JDK single-file source launcher and scripts/hbase-local's
// jars and conf (conf/hbase-site.xml names the ZooKeeper quorum and port):
//
//   java -cp "$STATE/conf:$STATE/lib/*" tests/HBaseAdmin.java create TABLE FAM[,FAM...] [SPLIT,...] [--versions N] [--replicas N]
//   java -cp "$STATE/conf:$STATE/lib/*" tests/HBaseAdmin.java drop TABLE
//   java -cp "$STATE/conf:$STATE/lib/*" tests/HBaseAdmin.java regions TABLE
//
// create drops TABLE first when it exists and creates its namespace when missing (ns:table).
// A SPLIT is "b64:BASE64" or text with \xNN escapes (\x2c for a comma, \\ for a backslash).
// Silent on success except `regions`, which prints the number of regions.

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

public class HBaseAdmin {
  static byte[] splitKey(String s) {
    if (s.startsWith("b64:")) {
      return Base64.getDecoder().decode(s.substring(4));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < s.length(); ) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.charAt(i + 1) == 'x'
          && s.substring(i + 2, i + 4).matches("[0-9a-fA-F]{2}")) {
        out.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
        i += 4;
      } else if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '\\') {
        out.write('\\');
        i += 2;
      } else {
        int cp = s.codePointAt(i);
        byte[] b = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
        i += Character.charCount(cp);
      }
    }
    return out.toByteArray();
  }

  static void drop(Admin admin, TableName name) throws Exception {
    if (admin.tableExists(name)) {
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
    }
  }

  static void usage() {
    System.err.println("usage: HBaseAdmin.java create TABLE FAM[,FAM...] [SPLIT,...] [--versions N] [--replicas N]"
        + " | drop TABLE | regions TABLE");
    System.exit(2);
  }

  public static void main(String[] argv) throws Exception {
    List<String> args = new ArrayList<>(List.of(argv));
    int replicas = 1;
    int ri = args.indexOf("--replicas");
    if (ri >= 0) {
      if (ri + 1 >= args.size()) {
        usage();
      }
      replicas = Integer.parseInt(args.get(ri + 1));
      args.remove(ri + 1);
      args.remove(ri);
    }
    int versions = 1;
    int vi = args.indexOf("--versions");
    if (vi >= 0) {
      if (vi + 1 >= args.size()) {
        usage();
      }
      versions = Integer.parseInt(args.get(vi + 1));
      args.remove(vi + 1);
      args.remove(vi);
    }
    if (args.size() < 2) {
      usage();
    }
    String cmd = args.get(0);
    TableName name = TableName.valueOf(args.get(1));
    Configuration conf = HBaseConfiguration.create();
    try (Connection conn = ConnectionFactory.createConnection(conf);
        Admin admin = conn.getAdmin()) {
      switch (cmd) {
        case "create": {
          if (args.size() < 3 || args.size() > 4) {
            usage();
          }
          String ns = name.getNamespaceAsString();
          try {
            admin.getNamespaceDescriptor(ns);
          } catch (NamespaceNotFoundException e) {
            admin.createNamespace(NamespaceDescriptor.create(ns).build());
          }
          drop(admin, name);
          TableDescriptorBuilder td = TableDescriptorBuilder.newBuilder(name)
              .setRegionReplication(replicas);
          for (String fam : args.get(2).split(",")) {
            if (!fam.isEmpty()) {
              td.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(utf8(fam))
                  .setMaxVersions(versions).build());
            }
          }
          List<byte[]> splits = new ArrayList<>();
          if (args.size() == 4) {
            for (String s : args.get(3).split(",")) {
              if (!s.isEmpty()) {
                splits.add(splitKey(s));
              }
            }
          }
          if (splits.isEmpty()) {
            admin.createTable(td.build());
          } else {
            admin.createTable(td.build(), splits.toArray(new byte[0][]));
          }
          break;
        }
        case "drop":
          drop(admin, name);
          break;
        case "regions":
          System.out.println(admin.getRegions(name).size());
          break;
        default:
          usage();
      }
    }
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
