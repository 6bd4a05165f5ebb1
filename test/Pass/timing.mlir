// RUN: llh-opt %s --mlir-timing --pass-pipeline='builtin.module(symbol-dce,func.func(strip-debuginfo))' -o /dev/null 2>&1 | filecheck %s
// RUN: llh-opt %s --mlir-timing --symbol-dce --strip-debuginfo -o /dev/null 2>&1 | filecheck %s --check-prefix=FLAGS

// mlir-opt's report (single-threaded: wall time only): nested pipelines and
// their passes are indented by two spaces per level.

// CHECK:      ===-------------------------------------------------------------------------===
// CHECK-NEXT:                          ... Execution time report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT:   Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK-EMPTY:
// CHECK-NEXT:   ----Wall Time----  ----Name----
// CHECK-NEXT:   {{ *[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}  Parser
// CHECK-NEXT:   {{ *[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}  SymbolDCE
// CHECK-NEXT:   {{ *[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}  'func.func' Pipeline
// CHECK-NEXT:   {{ *[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}    StripDebugInfo
// CHECK-NEXT:   {{ *[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}  Output
// CHECK-NEXT:   {{ *[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}  Rest
// CHECK-NEXT:   {{ *[0-9]+\.[0-9]+ \(100\.0%\)}}  Total

// FLAGS:      Parser
// FLAGS-NEXT: SymbolDCE
// FLAGS-NEXT: StripDebugInfo
// FLAGS-NEXT: Output

func.func @live() {
  return
}
