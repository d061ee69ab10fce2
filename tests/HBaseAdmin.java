// tests/HBaseAdmin.java - owns what the test harness needs from the HBase Java Admin API that the
// REST gateway cannot do: creating pre-split tables (and their namespace). Used by
// tests/hbase_rest.py; run with the JDK single-file source launcher and scripts/hbase-local's
// jars and conf (conf/hbase-site.xml names the ZooKeeper quorum and port):
//
//   java -cp "$STATE/conf:$STATE/lib/*" tests/HBaseAdmin.java create TABLE FAM[,FAM...] [SPLIT,...] [--versions N] [--replicas N]
//   java -cp "$STATE/conf:$STATE/lib/*" tests/HBaseAdmin.java drop TABLE
//   java -cp "$STATE/conf:$STATE/lib/*" tests/HBaseAdmin.java regions TABLE
//
// and, for a local HBase of several region servers (scripts/hbase-local with
// HBASE_LOCAL_REGIONSERVERS; `scripts/hbase-local admin ARGS` runs this tool compiled once):
//   servers                     the number of live region servers
//   spread TABLE                "R regions on S servers, replicas apart: true|false" (primaries;
//                               every replica on another server than its primary)
//   split TABLE KEY[,KEY...]    split the table at each key, waiting until the new regions serve
//   move-all TABLE              move every primary region to the next server, waiting
//   chaos TABLE SECONDS KEY[,KEY...]
//                               for SECONDS: every ~0.7 s move a random region to another server,
//                               every third round split at the next KEY; prints what it did
//   stop-server TABLE KEY       stop the region server serving KEY's primary region (the master
//                               reassigns its regions), waiting until the table is available again
//   unassign TABLE KEY, assign TABLE KEY
//                               take KEY's primary region offline (nothing serves it) and back
//   flush-all                   flush memstores to disk, largest first, until those left hold
//                               under 64 MB in all (flushing every table took a minute)
//
// create drops TABLE first when it exists and creates its namespace when missing (ns:table).
// A SPLIT is "b64:BASE64" or text with \xNN escapes (\x2c for a comma, \\ for a backslash).
// Commands separated by a "+" argument run one after the other in one JVM.
// Silent on success except `regions`, `servers`, `spread` and `chaos`. Every wait is bounded
// (120 s): a cluster that does not get there fails the command, naming what it waited for.

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
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
        + " | drop TABLE | regions TABLE | servers | spread TABLE | split TABLE KEY[,KEY...]"
        + " | move-all TABLE | chaos TABLE SECONDS KEY[,KEY...] | stop-server TABLE KEY"
        + " | unassign TABLE KEY | assign TABLE KEY | flush-all");
    System.exit(2);
  }

  // "CMD ARGS + CMD ARGS ...": several commands, one after the other, in one JVM (each JVM
  // start costs seconds on a busy machine)
  public static void main(String[] argv) throws Exception {
    List<String> seg = new ArrayList<>();
    for (String a : argv) {
      if (a.equals("+")) {
        run(seg);
        seg = new ArrayList<>();
      } else {
        seg.add(a);
      }
    }
    run(seg);
  }

  static void run(List<String> argv) throws Exception {
    List<String> args = new ArrayList<>(argv);
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
    if (args.size() < 1) {
      usage();
    }
    String cmd = args.get(0);
    if (args.size() < 2 && !cmd.equals("servers") && !cmd.equals("flush-all")) {
      usage();
    }
    TableName name = args.size() < 2 ? null : TableName.valueOf(args.get(1));
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
        case "servers":
          System.out.println(admin.getRegionServers().size());
          break;
        case "spread":
          spread(conn, name);
          break;
        case "split":
          need(args, 3);
          for (String k : args.get(2).split(",")) {
            if (!k.isEmpty()) {
              split(conn, admin, name, splitKey(k));
            }
          }
          break;
        case "move-all":
          moveAll(conn, admin, name);
          break;
        case "chaos":
          need(args, 4);
          chaos(conn, admin, name, Integer.parseInt(args.get(2)), args.get(3));
          break;
        case "stop-server":
          need(args, 3);
          stopServer(conn, admin, name, splitKey(args.get(2)));
          break;
        case "unassign":
          need(args, 3);
          admin.unassign(primaryAt(conn, name, splitKey(args.get(2))).getRegion().getRegionName());
          break;
        case "assign": {
          need(args, 3);
          byte[] key = splitKey(args.get(2));
          RegionInfo r = null;
          for (RegionInfo x : admin.getRegions(name)) {
            if (x.getReplicaId() == 0 && !x.isSplit() && x.containsRow(key)) {
              r = x;
            }
          }
          if (r == null) {
            throw new IllegalStateException("no region of " + name + " holds that key");
          }
          admin.assign(r.getRegionName());
          waitAvailable(conn, admin, name, "the region of the key assigned again");
          break;
        }
        case "flush-all": {
          // the regions' memstores, largest first; flushing each is a round trip to the
          // master, so only until what stays in the heap is small
          List<org.apache.hadoop.hbase.RegionMetrics> regions = new ArrayList<>();
          for (org.apache.hadoop.hbase.ServerMetrics sm
              : admin.getClusterMetrics().getLiveServerMetrics().values()) {
            regions.addAll(sm.getRegionMetrics().values());
          }
          regions.sort((a, b) -> Double.compare(
              b.getMemStoreSize().get(org.apache.hadoop.hbase.Size.Unit.BYTE),
              a.getMemStoreSize().get(org.apache.hadoop.hbase.Size.Unit.BYTE)));
          double left = 0;
          for (org.apache.hadoop.hbase.RegionMetrics r : regions) {
            left += r.getMemStoreSize().get(org.apache.hadoop.hbase.Size.Unit.BYTE);
          }
          for (org.apache.hadoop.hbase.RegionMetrics r : regions) {
            if (left < 64.0 * 1024 * 1024) {
              break;
            }
            double size = r.getMemStoreSize().get(org.apache.hadoop.hbase.Size.Unit.BYTE);
            try {
              admin.flushRegion(r.getRegionName());
            } catch (java.io.IOException | IllegalArgumentException e) {
              // a region moved or closed since the metrics (its memstore went with it), or
              // hbase:meta's, which flushRegion does not find by name: flushed below
            }
            left -= size;
          }
          admin.flush(TableName.META_TABLE_NAME);
          break;
        }
        default:
          usage();
      }
    }
  }

  static final long WAIT_MS = 120_000;

  static void need(List<String> args, int n) {
    if (args.size() != n) {
      usage();
    }
  }

  // the primary regions of the table with their servers, fresh from hbase:meta
  static List<HRegionLocation> primaries(Connection conn, TableName name) throws Exception {
    List<HRegionLocation> out = new ArrayList<>();
    try (RegionLocator loc = conn.getRegionLocator(name)) {
      for (HRegionLocation l : loc.getAllRegionLocations()) {
        if (l != null && l.getRegion().getReplicaId() == 0) {
          out.add(l);
        }
      }
    }
    return out;
  }

  static HRegionLocation primaryAt(Connection conn, TableName name, byte[] key) throws Exception {
    try (RegionLocator loc = conn.getRegionLocator(name)) {
      return loc.getRegionLocation(key, 0, true);
    }
  }

  static List<ServerName> servers(Admin admin) throws Exception {
    List<ServerName> out = new ArrayList<>(admin.getRegionServers());
    out.sort(null);
    return out;
  }

  // waits until every region of the table (replicas too) is open on a live server
  static void waitAvailable(Connection conn, Admin admin, TableName name, String what)
      throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MS;
    while (true) {
      boolean ok = admin.isTableAvailable(name);
      if (ok) {
        Set<ServerName> live = new HashSet<>(admin.getRegionServers());
        try (RegionLocator loc = conn.getRegionLocator(name)) {
          for (HRegionLocation l : loc.getAllRegionLocations()) {
            if (l == null || l.getServerName() == null || !live.contains(l.getServerName())) {
              ok = false;
            }
          }
        }
      }
      if (ok) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("waited " + WAIT_MS / 1000 + " s for " + what + " ("
            + name + " not available)");
      }
      Thread.sleep(200);
    }
  }

  static void spread(Connection conn, TableName name) throws Exception {
    List<HRegionLocation> prim = primaries(conn, name);
    Set<ServerName> on = new HashSet<>();
    for (HRegionLocation l : prim) {
      on.add(l.getServerName());
    }
    boolean apart = true;
    try (RegionLocator loc = conn.getRegionLocator(name)) {
      for (HRegionLocation p : prim) {
        for (HRegionLocation l : loc.getRegionLocations(p.getRegion().getStartKey(), true)) {
          if (l != null && l.getRegion().getReplicaId() != 0
              && l.getServerName().equals(p.getServerName())) {
            apart = false;
          }
        }
      }
    }
    System.out.println(prim.size() + " regions on " + on.size() + " servers, replicas apart: "
        + apart);
  }

  static void split(Connection conn, Admin admin, TableName name, byte[] key) throws Exception {
    admin.split(name, key);
    long deadline = System.currentTimeMillis() + WAIT_MS;
    while (true) {
      boolean found = false;
      for (HRegionLocation l : primaries(conn, name)) {
        if (java.util.Arrays.equals(l.getRegion().getStartKey(), key)
            && l.getServerName() != null) {
          found = true;
        }
      }
      if (found && admin.isTableAvailable(name)) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("waited " + WAIT_MS / 1000 + " s for the split of "
            + name + " at " + new String(key, StandardCharsets.UTF_8));
      }
      Thread.sleep(200);
    }
  }

  static void moveAll(Connection conn, Admin admin, TableName name) throws Exception {
    List<ServerName> srv = servers(admin);
    if (srv.size() < 2) {
      throw new IllegalStateException("move-all needs two region servers or more");
    }
    for (HRegionLocation l : primaries(conn, name)) {
      ServerName to = srv.get((srv.indexOf(l.getServerName()) + 1) % srv.size());
      admin.move(l.getRegion().getEncodedNameAsBytes(), to);
    }
    waitAvailable(conn, admin, name, "the moved regions");
  }

  // moves and splits while queries run elsewhere; each step waits for the region to serve
  static void chaos(Connection conn, Admin admin, TableName name, int seconds, String keys)
      throws Exception {
    Random rnd = new Random(42);
    List<byte[]> splits = new ArrayList<>();
    for (String k : keys.split(",")) {
      if (!k.isEmpty()) {
        splits.add(splitKey(k));
      }
    }
    int moves = 0, done = 0, round = 0, refused = 0;
    System.out.println("chaos: started");
    System.out.flush();
    long end = System.currentTimeMillis() + seconds * 1000L;
    while (System.currentTimeMillis() < end) {
      if (round++ % 3 == 2 && done < splits.size()) {
        // a daughter of a recent split holds references to its parent's files until it is
        // compacted, and HBase refuses to split it again: compact it, try a later key
        try {
          split(conn, admin, name, splits.get(done));
          done++;
        } catch (org.apache.hadoop.hbase.DoNotRetryIOException e) {
          admin.majorCompactRegion(primaryAt(conn, name, splits.get(done)).getRegion()
              .getRegionName());
          splits.add(splits.remove(done));
          refused++;
        }
      } else {
        List<HRegionLocation> prim = primaries(conn, name);
        List<ServerName> srv = servers(admin);
        HRegionLocation l = prim.get(rnd.nextInt(prim.size()));
        List<ServerName> others = new ArrayList<>(srv);
        others.remove(l.getServerName());
        if (!others.isEmpty()) {
          admin.move(l.getRegion().getEncodedNameAsBytes(),
              others.get(rnd.nextInt(others.size())));
          moves++;
        }
        waitAvailable(conn, admin, name, "a moved region");
      }
      Thread.sleep(700);
    }
    System.out.println("chaos: " + moves + " moves, " + done + " splits (" + refused
        + " refused: the region was not splittable yet)");
  }

  static void stopServer(Connection conn, Admin admin, TableName name, byte[] key)
      throws Exception {
    ServerName victim = primaryAt(conn, name, key).getServerName();
    int before = admin.getRegionServers().size();
    admin.stopRegionServer(victim.getAddress().toString());
    long deadline = System.currentTimeMillis() + WAIT_MS;
    while (admin.getRegionServers().contains(victim)
        || admin.getRegionServers().size() >= before) {
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("waited " + WAIT_MS / 1000 + " s for region server "
            + victim + " to stop");
      }
      Thread.sleep(200);
    }
    waitAvailable(conn, admin, name, "the regions of the stopped server reassigned");
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
