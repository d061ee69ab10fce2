"""tests/fixtures_phoenix.py - the fdw_phoenix table of sql/phoenix.sql: rows whose cells Apache
Phoenix's own type classes encoded (tests/PhoenixOracle.java, phoenix-core-client 5.2.1 from Maven
Central), written through REST. The jars are fetched into the local Maven repository on first use."""
import json
import os
import subprocess

import hbase_rest

HERE = os.path.dirname(os.path.abspath(__file__))
M2 = os.path.expanduser("~/.m2/repository")
# the oracle's classes and what they load: Phoenix's shaded Guava, Joda-Time (dates); the rest
# (hbase-common's Bytes ...) comes from the local HBase's lib/
ARTIFACTS = [
    ("org.apache.phoenix", "phoenix-core-client", "5.2.1"),
    ("org.apache.phoenix.thirdparty", "phoenix-shaded-guava", "1.0.0"),
    ("joda-time", "joda-time", "2.10.10"),
]


def jar(group, artifact, version):
    return os.path.join(M2, group.replace(".", "/"), artifact, version,
                        "%s-%s.jar" % (artifact, version))


def classpath():
    jars = []
    for g, a, v in ARTIFACTS:
        path = jar(g, a, v)
        if not os.path.isfile(path):
            res = subprocess.run(["mvn", "-q", "-B", "dependency:get", "-Dtransitive=false",
                                  "-Dartifact=%s:%s:%s" % (g, a, v)],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=600)
            if res.returncode != 0 or not os.path.isfile(path):
                raise RuntimeError("could not fetch %s:%s:%s from Maven Central: %s" % (
                    g, a, v, res.stdout.decode("utf-8", "replace")[-2000:]))
        jars.append(path)
    jars.append(os.path.join(hbase_rest.state_dir(), "lib", "*"))
    return ":".join(jars)


def oracle_rows():
    java = os.path.join(os.environ["JAVA_HOME"], "bin", "java") \
        if os.environ.get("JAVA_HOME") else "java"
    res = subprocess.run([java, "-Xmx256m", "-cp", classpath(),
                          os.path.join(HERE, "PhoenixOracle.java")],
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         timeout=300)
    if res.returncode != 0:
        raise RuntimeError("PhoenixOracle.java failed (%d): %s" % (
            res.returncode, res.stderr.decode("utf-8", "replace")[-3000:]))
    rows = []
    for line in res.stdout.decode().splitlines():
        r = json.loads(line)
        key = bytes.fromhex(r["key"][4:]) if r["key"].startswith("hex:") else r["key"].encode()
        rows.append((key, {c: bytes.fromhex(h) for c, h in r["cells"].items()}))
    return rows


def main(hb):
    hb.create_table("fdw_phoenix", ["p"])
    rows = oracle_rows()
    hb.put_pairs("fdw_phoenix", [r for r in rows if "p:text" not in r[1]])
    # keys of PRIMARY KEY (d DECIMAL, id INTEGER), Phoenix's bytes (PhoenixOracle.decimalKey)
    hb.create_table("fdw_phxdeckey", ["p"])
    hb.put_pairs("fdw_phxdeckey", [r for r in rows if "p:text" in r[1]])
