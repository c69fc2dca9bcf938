#!/usr/bin/env python3
"""Run-path fuzzer: generates D programs that compile, run briefly and exit,
and runs each through the real dtrace on this kernel.

Compile-only fuzzing (compile_fuzzer.cc) never loads a program, so it cannot
find what goes wrong later: code the verifier rejects, records the consumer
misreads, aggregations printed wrongly, runs that never end. Each generated
program ends itself (exit() from BEGIN, a tick-N counter or END), so every
run has a natural end; anything else is a finding:

  crash     dtrace died of a signal, or printed a sanitizer report
  hang      dtrace did not exit within --timeout seconds
  internal  "internal error", or a program the verifier rejected (the code
            generator must only emit programs the kernel accepts; "the
            verifier gives up" on a too-complex program is a clean error)
  status    an exit status other than 0, 1 or the program's own exit(N)
  stray     stderr text that is not a dtrace message

Programs are a pure function of (--seed, index), so a finding is reproduced
with `run_fuzz.py --seed S --show INDEX`. Findings are written to --out as
INDEX.d with INDEX.txt (command line, status, output).

  fuzz/run_fuzz.py --dtrace build/dtrace --progs build/progs --seconds 600
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time

INT_TYPES = ["char", "short", "int", "long", "long long", "int8_t", "int16_t",
             "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
             "uint64_t", "unsigned int", "unsigned char"]
EDGE_INTS = ["0", "1", "-1", "2", "7", "255", "256", "65535", "0x7fffffff",
             "0x80000000", "0xffffffff", "0x7fffffffffffffff",
             "0x8000000000000000", "0xffffffffffffffff", "-2147483648",
             "1000000", "4096", "63", "64"]
INT_BUILTINS = ["pid", "tid", "ppid", "uid", "gid", "cpu", "timestamp",
                "vtimestamp", "walltimestamp", "epid", "id", "arg0", "arg1",
                "arg2", "curthread->pid", "curthread->tgid", "errno",
                "curpsinfo->pr_pid", "curlwpsinfo->pr_lwpid", "stackdepth"]
STR_BUILTINS = ["execname", "probeprov", "probemod", "probefunc", "probename",
                "stringof(curthread->comm)", "curpsinfo->pr_fname"]
STR_LITERALS = ['""', '"a"', '"hello"', '"%d"', '"with space"',
                '"' + "x" * 40 + '"', '"tab\\there"', '"quote\\"q"']
BIN_OPS = ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "==", "!=",
           "<", "<=", ">", ">=", "&&", "||", "^^"]


class Program:
    """One generated script: its variables' types are fixed as they are
    first made, so later uses agree with them."""

    def __init__(self, rng):
        self.rng = rng
        self.int_vars = []       # globals holding integers
        self.str_vars = []       # globals holding strings
        self.assoc = {}          # name -> (key kinds, value kind)
        self.aggs = {}           # name -> (function, key count)
        self.self_vars = []      # self-> integers
        self.depth = 0

    # --- expressions ---------------------------------------------------
    def int_expr(self, depth=0):
        r = self.rng
        if depth > 3 or r.random() < 0.3:
            choice = r.random()
            if choice < 0.35:
                return r.choice(EDGE_INTS)
            if choice < 0.65:
                return r.choice(INT_BUILTINS)
            if choice < 0.8 and self.int_vars:
                return r.choice(self.int_vars)
            if choice < 0.9 and self.self_vars:
                return "self->" + r.choice(self.self_vars)
            return str(r.randint(-100, 1000))
        kind = r.random()
        if kind < 0.45:
            return "(%s %s %s)" % (self.int_expr(depth + 1), r.choice(BIN_OPS),
                                   self.int_expr(depth + 1))
        if kind < 0.55:
            return "(%s)%s" % (r.choice(INT_TYPES), self.int_expr(depth + 1))
        if kind < 0.65:
            return "%s(%s)" % (r.choice(["-", "~", "!"]), self.int_expr(depth + 1))
        if kind < 0.75:
            return "(%s ? %s : %s)" % (self.int_expr(depth + 1), self.int_expr(depth + 1),
                                       self.int_expr(depth + 1))
        if kind < 0.85:
            return "strlen(%s)" % self.str_expr(depth + 1)
        if kind < 0.92:
            return "(%s %s %s)" % (self.str_expr(depth + 1), r.choice(["==", "!=", "<", ">"]),
                                   self.str_expr(depth + 1))
        if kind < 0.97 and self.assoc:
            name = r.choice(sorted(self.assoc))
            keys, value = self.assoc[name]
            if value == "int":
                return "%s[%s]" % (name, self.keys(keys, depth + 1))
        if kind < 0.985:
            return "%s(%s)" % (r.choice(["htons", "htonl", "htonll", "ntohs", "ntohl", "ntohll"]),
                               self.int_expr(depth + 1))
        return "sizeof(%s)" % r.choice(INT_TYPES)

    def str_expr(self, depth=0):
        r = self.rng
        choice = r.random()
        if choice < 0.3:
            return r.choice(STR_LITERALS)
        if choice < 0.7:
            return r.choice(STR_BUILTINS)
        if choice < 0.8 and self.str_vars:
            return r.choice(self.str_vars)
        if choice < 0.9 and depth < 3:
            return self.string_subroutine(depth + 1)
        if depth < 3:
            return "(%s ? %s : %s)" % (self.int_expr(depth + 1), self.str_expr(depth + 1),
                                       self.str_expr(depth + 1))
        return r.choice(STR_LITERALS)

    def string_subroutine(self, depth):
        r = self.rng
        name = r.choice(["basename", "dirname", "strjoin", "lltostr", "substr", "toupper",
                         "tolower"])
        if name == "strjoin":
            return "strjoin(%s, %s)" % (self.str_expr(depth), self.str_expr(depth))
        if name == "lltostr":
            if r.random() < 0.5:
                return "lltostr(%s)" % self.int_expr(depth)
            return "lltostr(%s, %s)" % (self.int_expr(depth),
                                         r.choice(["2", "8", "10", "16", "36", "1", "37", "0"]))
        if name == "substr":
            args = [self.str_expr(depth), r.choice(["0", "1", "-1", "3", "-100", "1000"])]
            if r.random() < 0.5:
                args.append(r.choice(["0", "2", "-1", "-3", "100"]))
            return "substr(%s)" % ", ".join(args)
        return "%s(%s)" % (name, self.str_expr(depth))

    def keys(self, kinds, depth=0):
        return ", ".join(self.int_expr(depth) if k == "int" else self.str_expr(depth)
                         for k in kinds)

    # --- statements -----------------------------------------------------
    def new_name(self, prefix):
        return "%s%d" % (prefix, self.rng.randint(0, 99999))

    def stmt(self):
        r = self.rng
        choice = r.random()
        if choice < 0.15:
            return self.assignment()
        if choice < 0.27:
            return "trace(%s);" % (self.int_expr() if r.random() < 0.6 else self.str_expr())
        if choice < 0.42:
            return self.printf()
        if choice < 0.65:
            return self.aggregate()
        if choice < 0.72 and self.aggs:
            return self.printa()
        if choice < 0.82 and self.depth < 3:
            self.depth += 1
            body = self.block(r.randint(1, 3))
            text = "if (%s) {\n%s\n}" % (self.int_expr(), body)
            if r.random() < 0.5:
                text += " else {\n%s\n}" % self.block(r.randint(1, 3))
            self.depth -= 1
            return text
        if choice < 0.87:
            return "this->t%d = %s;" % (r.randint(0, 3), self.int_expr())
        if choice < 0.9 and self.aggs:
            return "%s(@%s);" % (r.choice(["clear", "trunc"]), r.choice(sorted(self.aggs)))
        if choice < 0.92:
            return "stack();" if r.random() < 0.5 else "trace(stackdepth);"
        if choice < 0.94:
            return r.choice(["ustack(%d);" % r.randint(1, 4), "ufunc(ucaller);",
                             "umod(uregs[R_PC]);", "uaddr(uregs[R_RIP]);",
                             'printf("%A\\n", ucaller);', "@u[ustack(2)] = count();"])
        return "trace(%s);" % self.int_expr()

    def block(self, n):
        return "\n".join(self.stmt() for _ in range(n))

    def assignment(self):
        r = self.rng
        choice = r.random()
        if choice < 0.3:
            if not self.int_vars or r.random() < 0.4:
                self.int_vars.append(self.new_name("g"))
            return "%s %s %s;" % (r.choice(self.int_vars), r.choice(["=", "+=", "-=", "|=", "^="]),
                                  self.int_expr())
        if choice < 0.45:
            if not self.str_vars or r.random() < 0.4:
                self.str_vars.append(self.new_name("s"))
            return "%s = %s;" % (r.choice(self.str_vars), self.str_expr())
        if choice < 0.65:
            if not self.self_vars or r.random() < 0.4:
                self.self_vars.append(self.new_name("t"))
            name = r.choice(self.self_vars)
            value = "0" if r.random() < 0.2 else self.int_expr()
            return "self->%s = %s;" % (name, value)
        if not self.assoc or r.random() < 0.4:
            kinds = [r.choice(["int", "str"]) for _ in range(r.randint(1, 3))]
            self.assoc[self.new_name("a")] = (kinds, "int")
        name = r.choice(sorted(self.assoc))
        keys, _ = self.assoc[name]
        value = "0" if r.random() < 0.15 else self.int_expr()
        return "%s[%s] = %s;" % (name, self.keys(keys), value)

    def printf(self):
        r = self.rng
        parts, args = [], []
        for _ in range(r.randint(0, 4)):
            kind = r.random()
            if kind < 0.5:
                conv = r.choice(["%d", "%i", "%u", "%x", "%X", "%o", "%5d", "%-8d", "%08x",
                                 "%lld", "%llu", "%c", "%lx", "%+d", "%#x"])
                parts.append(conv)
                # DTrace checks the size that %ll and %l name.
                cast = {"%lld": "(long long)", "%llu": "(unsigned long long)",
                        "%lx": "(long)"}.get(conv, "")
                args.append(cast + self.int_expr())
            elif kind < 0.8:
                parts.append(r.choice(["%s", "%20s", "%-10s", "%.3s"]))
                args.append(self.str_expr())
            elif kind < 0.9:
                parts.append("%*d")
                args.append(str(r.randint(0, 30)))
                args.append(self.int_expr())
            else:
                parts.append(r.choice(["%%", "text", "\\t", "[]"]))
        fmt = " ".join(parts) + "\\n"
        return "printf(\"%s\"%s);" % (fmt, "".join(", " + a for a in args))

    def aggregate(self):
        r = self.rng
        if self.aggs and r.random() < 0.5:
            name = r.choice(sorted(self.aggs))
            func, nkeys = self.aggs[name]
        else:
            name = self.new_name("ag")
            func = r.choice(["count", "sum", "avg", "min", "max", "stddev", "quantize",
                             "lquantize", "llquantize"])
            nkeys = r.randint(0, 2)
            params = ""
            if func == "lquantize":
                low = r.choice([0, -10, 1, -1000, 5])
                step = r.choice([1, 2, 10, 3])
                high = low + step * r.choice([1, 10, 100, 1000])
                params = ", %d, %d, %d" % (low, high, step)
            elif func == "llquantize":
                factor = r.choice([2, 10, 3])
                low = r.choice([0, 1, 2])
                high = low + r.choice([1, 3, 6])
                steps = r.choice([factor, factor * factor])
                params = ", %d, %d, %d, %d" % (factor, low, high, steps)
            func = (func, params)
            self.aggs[name] = (func, nkeys)
        fname, params = func
        key = ""
        if nkeys:
            key = "[%s]" % ", ".join(self.int_expr() if i % 2 == 0 else self.str_expr()
                                     for i in range(nkeys))
        arg = "" if fname == "count" else self.int_expr()
        return "@%s%s = %s(%s%s);" % (name, key, fname, arg, params if fname != "count" else "")

    def printa(self):
        name = self.rng.choice(sorted(self.aggs))
        if self.rng.random() < 0.5:
            return "printa(@%s);" % name
        fmt = self.rng.choice(["%@d\\n", "%@8u %@d\\n", "k %@x\\n", "%@d"])
        _, nkeys = self.aggs[name]
        keys = "".join(" %d" if i % 2 == 0 else " %s" for i in range(nkeys))
        return "printa(\"%s%s\", @%s);" % (keys.strip(), fmt, name)

    # --- the whole script ------------------------------------------------
    def script(self):
        r = self.rng
        clauses = []
        ticks = r.randint(1, 5)
        exit_value = r.choice([0, 0, 0, 1, 2, 3])
        for _ in range(r.randint(1, 4)):
            probe = r.choice(["BEGIN", "tick-1ms", "tick-10ms", "profile-997hz",
                              "syscall::getppid:entry", "syscall::read:return", "END",
                              "ERROR", "sched:::on-cpu", "proc:::exec-success"])
            pred = ""
            if r.random() < 0.3:
                pred = "/%s/\n" % self.int_expr()
            clauses.append("%s\n%s{\n%s\n}" % (probe, pred, self.block(r.randint(1, 6))))
        # The run's end is a clause of its own: a fault ends the clause it
        # happens in (as in DTrace), so an exit() after a statement that can
        # fault would leave the program tracing for ever.
        if r.random() < 0.5:
            clauses.append("BEGIN\n{\nexit(%d);\n}" % exit_value)
        else:
            clauses.insert(0, "int ticks_;")
            clauses.append("tick-1ms\n/++ticks_ >= %d/\n{\nexit(%d);\n}" % (ticks, exit_value))
        # Declared up front, so a use that precedes the first assignment in
        # the text compiles.
        decls = ["int %s;" % v for v in self.int_vars]
        decls += ["string %s;" % v for v in self.str_vars]
        decls += ["self int %s;" % v for v in self.self_vars]
        for name, (kinds, _) in sorted(self.assoc.items()):
            decls.append("int %s[%s];" % (name, ", ".join("int" if k == "int" else "string"
                                                          for k in kinds)))
        return "\n".join(decls) + "\n\n" + "\n\n".join(clauses) + "\n", exit_value


def generate(seed, index):
    rng = random.Random("%d/%d" % (seed, index))
    return Program(rng).script()


MESSAGE = re.compile(r"^(dtrace: |\t|\s+(current|previous|prototype|argument): )")


def judge(status, out, err, exit_value, timed_out):
    """The finding's kind, or None when the run ended as DTrace would."""
    if timed_out:
        return "hang"
    if "Sanitizer" in err or "runtime error:" in err:
        return "crash"
    if status < 0 or status > 128:
        return "crash"
    if "internal error" in err or "the BPF verifier rejected" in err:
        return "internal"
    if status not in (0, 1, exit_value):
        return "status"
    for line in err.splitlines():
        if line and not MESSAGE.match(line):
            return "stray"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dtrace", default="build/dtrace")
    parser.add_argument("--progs", default="build/progs")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--count", type=int, default=0, help="stop after this many programs")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--start", type=int, default=0, help="first program index")
    parser.add_argument("--timeout", type=float, default=15)
    parser.add_argument("--out", default="fuzz-run-findings")
    parser.add_argument("--show", type=int, help="print program INDEX and exit")
    args = parser.parse_args()

    if args.show is not None:
        sys.stdout.write(generate(args.seed, args.show)[0])
        return 0

    args.dtrace = os.path.abspath(args.dtrace)
    args.progs = os.path.abspath(args.progs)
    args.out = os.path.abspath(args.out)
    work = "/tmp/run_fuzz.%d" % os.getpid()
    os.makedirs(work, exist_ok=True)
    os.makedirs(args.out, exist_ok=True)
    script = os.path.join(work, "prog.d")
    started = time.monotonic()
    counts = {"ran": 0, "compile error": 0, "ok": 0}
    findings = 0
    index = args.start
    print("run_fuzz: seed %d, up to %.0f s" % (args.seed, args.seconds), flush=True)
    while time.monotonic() - started < args.seconds and (not args.count or
                                                          index - args.start < args.count):
        text, exit_value = generate(args.seed, index)
        with open(script, "w") as f:
            f.write(text)
        command = [args.dtrace, "-q", "-w", "-x", "strsize=64", "-s", script]
        if "syscall::" in text and args.progs:
            command += ["-c", os.path.join(args.progs, "syscalls") + " all"]
        timed_out = False
        try:
            proc = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=args.timeout, cwd=work)
            status, out, err = proc.returncode, proc.stdout, proc.stderr
        except subprocess.TimeoutExpired as e:
            timed_out, status = True, -9
            out, err = e.stdout or b"", e.stderr or b""
        out = out.decode("utf-8", "replace")
        err = err.decode("utf-8", "replace")
        counts["ran"] += 1
        if "failed to compile" in err or "invalid probe specifier" in err:
            counts["compile error"] += 1
        kind = judge(status, out, err, exit_value, timed_out)
        if kind is None:
            counts["ok"] += status in (0, exit_value) and not err.startswith("dtrace: failed")
        else:
            findings += 1
            base = os.path.join(args.out, "%d-%d" % (args.seed, index))
            with open(base + ".d", "w") as f:
                f.write(text)
            with open(base + ".txt", "w") as f:
                f.write("kind: %s\ncommand: %s\nstatus: %d\n--- stdout (first 4 KiB)\n%s\n"
                        "--- stderr (first 4 KiB)\n%s\n" % (kind, " ".join(command), status,
                                                             out[:4096], err[:4096]))
            print("run_fuzz: %s: program %d (%s.d)" % (kind, index, base), flush=True)
        index += 1
    elapsed = time.monotonic() - started
    print("run_fuzz: %d programs in %.0f s: %d ran to their end, %d compile errors, "
          "%d findings" % (counts["ran"], elapsed, counts["ok"], counts["compile error"],
                           findings), flush=True)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
