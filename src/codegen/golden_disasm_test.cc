// Golden disassembly: for each file of the code generator that emits
// instructions, a few small D programs compiled through the front end,
// sema and codegen (against the fake kernel of fake_probes_test_util.h, no
// root, no tracefs, no BTF) and disassembled as `dtrace -S` prints them.
// The text must equal testdata/golden/<file>.txt instruction for
// instruction, so any change to the generated code shows here as a diff to
// review, whichever test of behaviour would or would not notice it.
//
// After an intended change to the generated code, rewrite the goldens and
// review the diff before committing it:
//   DT_UPDATE_GOLDEN=1 build/codegen_tests --gtest_filter='Golden*'
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bpf/disasm.h"
#include "codegen/codegen.h"
#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"
#include "sema/d_library.h"

#ifndef DT_CODEGEN_GOLDEN_DIR
#error "CMakeLists.txt defines DT_CODEGEN_GOLDEN_DIR for codegen_tests"
#endif

namespace dt {
namespace {

struct GoldenCase {
  const char* name;
  const char* source;
};

struct GoldenFile {
  const char* codegen_file;  // the file the cases exercise, and the golden's name
  std::vector<GoldenCase> cases;
};

// The kernel types the cases use, declared in D so that no BTF is read:
// curthread, the context task of sched:::on-cpu, the path walk of cwd and
// the D library's translators over them see the same layout on every host (xlate<> looks
// at every translator's input type, io.d's struct request too).
constexpr const char* kFakeKernelTypes =
    "struct qstr { unsigned int hash; unsigned int len; const unsigned char *name; };\n"
    "struct dentry { unsigned int flags; struct dentry *d_parent; struct qstr d_name; };\n"
    "struct vfsmount { struct dentry *mnt_root; };\n"
    "struct mount { struct mount *mnt_parent; struct dentry *mnt_mountpoint; "
    "struct vfsmount mnt; };\n"
    "struct path { struct vfsmount *mnt; struct dentry *dentry; };\n"
    "struct fs_struct { int users; struct path root; struct path pwd; };\n"
    "struct sched_entity { unsigned long long exec_start; unsigned long long sum_exec_runtime; };\n"
    "struct task_struct { int pid; int tgid; char comm[16]; "
    "struct task_struct *real_parent; struct fs_struct *fs; struct sched_entity se; };\n"
    "struct request { int unused; };\n";

// Compiles `source` as the driver does (the D library first, then the
// program), with options that do not depend on the host: no wall-clock
// offset, no kallsyms text ranges, task_struct offsets from the layout
// declared above (sema takes them from whatever defines the type).
std::string CompileAndDisassemble(const std::string& source) {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  Analyzer analyzer(types, probes, info, AnalyzerOptions{});
  std::vector<ast::Program> library;
  MacroEnv macros;
  std::vector<LibraryFile> files = LoadDLibrary({});
  files.insert(files.begin(), {"fake_kernel_types.d", kFakeKernelTypes});
  for (LibraryFile& f : files) {
    library.push_back(ParseProgram(f.text, MacroEnv{}));
    analyzer.AnalyzeLibrary(library.back());
    for (const ast::TopLevel& item : library.back().items)
      if (auto* td = std::get_if<ast::TypedefDecl>(&item)) macros.typedef_names.insert(td->name);
  }
  ast::Program program = ParseProgram(source, macros);
  analyzer.set_stack_frames(20);
  analyzer.Analyze(program, 0);

  CodegenOptions options;
  for (const auto& p : probes.probes())
    ++options.probes_per_group[{p->owner, p->owner->ProgramGroup(*p)}];
  CompiledProgram compiled = GenerateCode(info, types, options);
  std::string text;
  for (const ProgramDef& p : compiled.programs) {
    text +=
        "BPF program for " + p.name + " (" + std::to_string(p.insns.size()) + " instructions):\n";
    text += DisassembleBpf(p.insns, [&](int m) { return compiled.maps.at(m).name; });
  }
  return text;
}

// The golden text of a file: each case's name and source, then its code.
std::string Render(const GoldenFile& file) {
  std::string text;
  for (const GoldenCase& c : file.cases) {
    text += "=== " + std::string(c.name) + "\n";
    std::istringstream lines(c.source);
    for (std::string line; std::getline(lines, line);) text += "// " + line + "\n";
    try {
      text += CompileAndDisassemble(c.source);
    } catch (const CompileError& e) {
      text += "compile error [" + e.tag() + "] line " + std::to_string(e.line()) + ": " + e.what() +
              "\n";
    }
    text += "\n";
  }
  return text;
}

std::string GoldenPath(const GoldenFile& file) {
  std::string name = file.codegen_file;
  return std::string(DT_CODEGEN_GOLDEN_DIR) + "/" + name.substr(0, name.rfind('.')) + ".txt";
}

// Where two texts first part, as "line N:\n  golden: ...\n  now:    ...".
std::string FirstDifference(const std::string& golden, const std::string& now) {
  std::istringstream a(golden), b(now);
  std::string la, lb;
  for (int n = 1;; ++n) {
    bool more_a = static_cast<bool>(std::getline(a, la));
    bool more_b = static_cast<bool>(std::getline(b, lb));
    if (!more_a && !more_b) return "";
    if (!more_a) la = "<end of file>";
    if (!more_b) lb = "<end of text>";
    if (la != lb || !more_a || !more_b)
      return "line " + std::to_string(n) + ":\n  golden: " + la + "\n  now:    " + lb;
  }
}

// Names the parameter in gtest's messages instead of dumping its bytes.
void PrintTo(const GoldenFile& file, std::ostream* os) { *os << file.codegen_file; }

const std::vector<GoldenFile>& GoldenFiles();

class GoldenDisassembly : public testing::TestWithParam<GoldenFile> {};

TEST_P(GoldenDisassembly, MatchesTheCheckedInText) {
  const GoldenFile& file = GetParam();
  std::string now = Render(file);
  std::string path = GoldenPath(file);
  const char* update = std::getenv("DT_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << now;
    std::cout << "[ golden ] wrote " << path << "\n";
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "no golden " << path << ": run with DT_UPDATE_GOLDEN=1 to write it";
  std::string golden((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(golden == now) << path << " differs at " << FirstDifference(golden, now)
                             << "\nIf the change is intended, rewrite the goldens with "
                                "DT_UPDATE_GOLDEN=1 build/codegen_tests "
                                "--gtest_filter='Golden*' and review the diff.";
}

// Host-varying values stay out of the goldens: no pid or uid macro, no
// kernel symbol, no BTF type (structs are declared in D).
TEST(GoldenDisassemblyCases, NamesAreUniqueAndEveryCaseCompiles) {
  for (const GoldenFile& file : GoldenFiles()) {
    std::set<std::string> names;
    for (const GoldenCase& c : file.cases) {
      EXPECT_TRUE(names.insert(c.name).second) << file.codegen_file << ": " << c.name;
      EXPECT_NO_THROW(CompileAndDisassemble(c.source)) << file.codegen_file << ": " << c.name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenDisassembly, testing::ValuesIn(GoldenFiles()),
                         [](const testing::TestParamInfo<GoldenFile>& info) {
                           std::string name = info.param.codegen_file;
                           name = name.substr(0, name.rfind('.'));
                           return name;
                         });

const std::vector<GoldenFile>& GoldenFiles() {
  static const std::vector<GoldenFile> files = {
      {"expr_gen.cc",
       {
           {"arithmetic_and_shifts", "BEGIN { x = arg0; trace((x * 7 + 1) / 3 - (x << 2) % 5); }"},
           {"comparisons_logic_ternary",
            "BEGIN { x = arg0; y = arg1; trace(x > y && y != 0 ? -x : ~y); trace(!x || y); }"},
           {"casts_and_unsigned", "BEGIN { trace((char)arg0); trace((uint16_t)arg1 >> 3); }"},
           {"string_compare", "BEGIN { s = execname; trace(s == \"init\"); trace(s < \"m\"); }"},
           {"string_index", "BEGIN { s = execname; trace(s[arg0]); }"},
       }},
      {"var_gen.cc",
       {
           {"global_scalar_and_string", "BEGIN { g = arg0; s = execname; trace(g); trace(s); }"},
           {"thread_local_store_read_free",
            "BEGIN { self->t = timestamp; trace(self->t); self->t = 0; }"},
           {"clause_local", "BEGIN { this->n = arg0 + 1; trace(this->n * 2); }"},
           {"associative_array",
            "BEGIN { a[arg0, \"k\"] = arg1; trace(a[arg0, \"k\"]); a[1, \"k\"] = 0; }"},
           {"increments", "BEGIN { x++; self->d += 2; a[tid]--; }"},
           {"thread_local_array",
            "BEGIN { self->ts[arg0, \"k\"] = timestamp; trace(self->ts[arg0, \"k\"]); "
            "self->ts[arg0, \"k\"] = 0; }"},
       }},
      {"speculation_gen.cc",
       {
           {"speculation_speculate",
            "BEGIN { s = speculation(); } BEGIN { speculate(s); printf(\"%d\", arg0); }"},
           {"commit_discard", "BEGIN { commit(arg0); } BEGIN { discard(arg1); }"},
       }},
      {"action_gen.cc",
       {
           {"trace_printf_exit", "BEGIN { trace(1); printf(\"%d %s\\n\", arg0, \"x\"); exit(0); }"},
           {"actions_in_branches",
            "BEGIN { if (arg0) { trace(1); } else { printf(\"no\"); exit(1); } }"},
           {"division_fault", "BEGIN { trace(100 / arg0); trace(100 % arg1); }"},
           {"empty_clause", "BEGIN { }"},
       }},
      {"agg_gen.cc",
       {
           {"count_sum_min_max_avg",
            "BEGIN { @c = count(); @s = sum(arg0); @mn = min(arg0); @mx = max(arg1); @a = "
            "avg(arg1); }"},
           {"keyed_aggregation", "BEGIN { @[execname, arg0] = count(); }"},
           {"quantizations",
            "BEGIN { @q = quantize(arg0); @l = lquantize(arg0, 0, 100, 10); "
            "@ll = llquantize(arg0, 10, 0, 3, 10); }"},
           {"printa_trunc_clear",
            "BEGIN { @c[arg0] = count(); @s = sum(1); }\n"
            "END { printa(@c); trunc(@c, 2); clear(@s); }"},
       }},
      {"string_gen.cc",
       {
           {"basename_dirname", "BEGIN { s = execname; trace(basename(s)); trace(dirname(s)); }"},
           {"strjoin_substr",
            "BEGIN { s = execname; trace(strjoin(s, \"/x\")); trace(substr(s, 1, 2)); }"},
           {"lltostr", "BEGIN { trace(lltostr(arg0)); trace(lltostr(arg0, 16)); }"},
           {"toupper_tolower", "BEGIN { s = execname; trace(toupper(s)); trace(tolower(s)); }"},
       }},
      {"string_search_gen.cc",
       {
           {"index_rindex",
            "BEGIN { s = execname; t = \"a\"; trace(index(s, t)); trace(rindex(s, \"b\", 3)); }"},
           {"strstr_strchr",
            "BEGIN { s = execname; trace(strstr(s, \"sh\")); trace(strchr(s, 'a')); "
            "trace(strrchr(s, 'a')); }"},
           {"strtoll", "BEGIN { trace(strtoll(execname)); trace(strtoll(execname, arg0)); }"},
           {"strtok", "BEGIN { trace(strtok(execname, \"/\")); trace(strtok(NULL, \".\")); }"},
           {"rand_device_progeny",
            "BEGIN { trace(rand()); trace(getmajor(arg0)); trace(getminor(arg0)); "
            "trace(progenyof(arg0)); }"},
       }},
      {"byte_order_gen.cc",
       {
           {"sixteen_bits", "BEGIN { trace(htons(arg0)); trace(ntohs(arg0)); }"},
           {"thirty_two_bits", "BEGIN { trace(htonl(arg0)); trace(ntohl(arg0)); }"},
           {"sixty_four_bits", "BEGIN { trace(htonll(arg0)); trace(ntohll(arg0)); }"},
       }},
      {"memory_gen.cc",
       {
           {"member_through_pointer",
            "struct foo { int a; long b; char name[8]; };\n"
            "BEGIN { p = (struct foo *)arg0; trace(p->b); trace(p->a); }"},
           {"char_array_member",
            "struct foo { int a; char name[8]; };\n"
            "BEGIN { trace(((struct foo *)arg0)->name); }"},
           {"dereference_and_index", "BEGIN { p = (int *)arg0; trace(*p); trace(p[3]); }"},
           {"translator_member",
            "struct pair_in { int v; int w; };\nstruct sum_out { int sum; };\n"
            "translator struct sum_out < struct pair_in *i > { sum = i->v + i->w; };\n"
            "BEGIN { trace(xlate<struct sum_out>((struct pair_in *)arg0).sum); }"},
           {"cwd_path_walk", "BEGIN { trace(cwd); }"},
       }},
      {"print_gen.cc",
       {
           {"print_integer", "BEGIN { print(arg0); print((char)1); }"},
           {"print_struct",
            "struct pair { int a; long b; };\nBEGIN { print(*(struct pair *)arg0); }"},
       }},
      {"probe_context.cc",
       {
           {"process_builtins", "BEGIN { trace(pid); trace(tid); trace(execname); trace(uid); }"},
           {"probe_names",
            "BEGIN { trace(probeprov); trace(probemod); trace(probefunc); trace(probename); }"},
           {"time_and_cpu",
            "BEGIN { trace(timestamp); trace(walltimestamp); trace(cpu); trace(vtimestamp); }"},
           {"task_builtins", "BEGIN { trace(ppid); trace(curthread); }"},
           {"stacks", "BEGIN { stack(3); trace(caller); trace(stackdepth); }"},
       }},
      {"user_stack_gen.cc",
       {
           {"ustack_record", "BEGIN { ustack(2); }"},
           {"user_builtins", "BEGIN { trace(ucaller); trace(uregs[R_RSP]); usym(arg0); }"},
       }},
      {"dtrace_context.cc",
       {
           {"end_args", "END { trace(arg0); trace(probename); }"},
           {"error_args", "ERROR { trace(arg1); trace(arg4); trace(arg5); }"},
       }},
      {"profile_context.cc",
       {
           {"profile_args", "profile-97 { trace(arg0); trace(arg1); }"},
           {"tick_count", "tick-1s { @ = count(); }"},
       }},
      {"syscall_context.cc",
       {
           {"one_entry_args", "syscall::read:entry { trace(arg0); trace(args[2]); }"},
           {"returns_errno_probefunc",
            "syscall::read:return, syscall::openat:return { trace(errno); trace(probefunc); }"},
           {"every_entry", "syscall:::entry { @[probefunc] = count(); }"},
           {"entry_and_return_clauses",
            "syscall::openat:entry { self->f = arg1; }\n"
            "syscall::openat:return /self->f/ { trace(arg0); self->f = 0; }"},
       }},
      {"sdt_context.cc",
       {
           {"fixed_fields",
            "sdt:sched::sched_switch { trace(args[1]); trace(arg5); trace(args[0]); }"},
           {"data_loc_string", "sdt:sched::sched_process_exec { trace(args[0]); trace(args[1]); }"},
       }},
      {"stable_context.cc",
       {
           {"condition_only", "sched:::sleep { trace(pid); }"},
           {"context_task", "sched:::on-cpu { trace(tid); trace(execname); }"},
           {"no_definition", "proc:::exec-success { trace(execname); }"},
       }},
      {"function_gen.cc",
       {
           {"predicates", "BEGIN /arg0 == 0/ { self->x = 1; }\nBEGIN /self->x/ { trace(2); }"},
           {"clauses_share_a_program", "BEGIN { x = 1; }\nBEGIN { trace(x); }\nEND { trace(x); }"},
           {"scratch_for_strings",
            "BEGIN { this->s = execname; }\nBEGIN { trace(this->s); trace(strjoin(this->s, "
            "\"x\")); }"},
       }},
  };
  return files;
}

}  // namespace
}  // namespace dt
