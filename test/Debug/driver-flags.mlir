// mlir-opt's driver flags: input splitting and output markers, implicit
// module, round-trip verification, threading, pipeline dump, timing display.

// --split-input-file=MARKER splits at another marker; --output-split-marker
// joins the outputs (default `// -----`).
// RUN: llh-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' --output-split-marker='// =====' | FileCheck %s --check-prefix=SPLIT
// RUN: %if mlir-opt %{ %mlir-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' --output-split-marker='// =====' | FileCheck %s --check-prefix=SPLIT %}
// SPLIT:      func.func @a()
// SPLIT:      {{^}$}}
// SPLIT-EMPTY:
// SPLIT-NEXT: // =====
// SPLIT-NEXT: module {
// SPLIT-NEXT:   func.func @b()
// RUN: llh-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' | FileCheck %s --check-prefix=DEFAULT-OUT
// DEFAULT-OUT: {{^}$}}
// DEFAULT-OUT-EMPTY:
// DEFAULT-OUT-NEXT: // -----
// DEFAULT-OUT-NEXT: module {

// --no-implicit-module: more than one top-level op is an error; a single one
// is printed on its own (and passes nest under it).
// RUN: not llh-opt %S/Inputs/two-chunks.mlir --no-implicit-module 2>&1 | FileCheck %s --check-prefix=NO-IMPLICIT
// RUN: %if mlir-opt %{ not %mlir-opt %S/Inputs/two-chunks.mlir --no-implicit-module 2>&1 | FileCheck %s --check-prefix=NO-IMPLICIT %}
// NO-IMPLICIT: two-chunks.mlir:0:0: error: source must contain a single top-level operation, found: 2
// RUN: llh-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' --no-implicit-module --canonicalize | FileCheck %s --check-prefix=BARE
// RUN: %if mlir-opt %{ %mlir-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' --no-implicit-module --canonicalize | FileCheck %s --check-prefix=BARE %}
// BARE:      func.func @a() {
// BARE-NEXT:   return
// BARE-NEXT: }
// BARE-EMPTY:
// BARE-NEXT: // -----
// BARE-NEXT: func.func @b() {

// --verify-roundtrip (and --mlir-disable-threading, accepted: llh-opt always
// runs passes on one thread) leave the output unchanged.
// RUN: llh-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' --verify-roundtrip --mlir-disable-threading --canonicalize | FileCheck %s --check-prefix=SPLIT-DEFAULT
// SPLIT-DEFAULT: func.func @a()
// SPLIT-DEFAULT: func.func @b()

// --dump-pass-pipeline prints the pipeline on stderr before running it.
// RUN: llh-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' --dump-pass-pipeline --symbol-dce --cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %if mlir-opt %{ %mlir-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' --dump-pass-pipeline --symbol-dce --cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP %}
// DUMP:      Pass Manager with 2 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   symbol-dce,
// DUMP-NEXT:   cse
// DUMP-NEXT: )
// DUMP-EMPTY:

// --mlir-timing-display=list merges timers by name, sorted by time.
// RUN: llh-opt %S/Inputs/two-chunks.mlir --split-input-file='// @@@' --mlir-timing --mlir-timing-display=list --cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING:      ----Wall Time----  ----Name----
// TIMING-NEXT: {{ +[0-9]+\.[0-9]+ \(100\.0%\)}}  root
// TIMING-DAG:  Parser
// TIMING-DAG:  CSE
// TIMING-DAG:  Output
// TIMING:      Rest
// TIMING-NEXT: Total

// Bad values are reported as llvm::cl reports them.
// RUN: not llh-opt %s --mlir-timing-display=flat 2>&1 | FileCheck %s --check-prefix=BAD-DISPLAY
// BAD-DISPLAY: llh-opt: error: for the --mlir-timing-display option: Cannot find option named 'flat'!
// RUN: not llh-opt %s --mlir-print-ir-after=nope 2>&1 | FileCheck %s --check-prefix=BAD-PASS
// BAD-PASS: llh-opt: error: for the --mlir-print-ir-after option: Cannot find option named 'nope'!
// RUN: not llh-opt %s --mlir-elide-elementsattrs-if-larger=x 2>&1 | FileCheck %s --check-prefix=BAD-UINT
// BAD-UINT: llh-opt: error: for the --mlir-elide-elementsattrs-if-larger option: 'x' value invalid for uint argument!

// --emit-bytecode is refused cleanly: llh-opt has no MLIR bytecode writer.
// RUN: not llh-opt %s --emit-bytecode -o %t.mlirbc 2>&1 | FileCheck %s --check-prefix=BYTECODE
// RUN: not test -e %t.mlirbc
// BYTECODE: llh-opt: error: '--emit-bytecode' is not supported: llh-opt has no MLIR bytecode writer; use the textual output

// Bytecode input (`.mlirbc`, written by mlir-opt --emit-bytecode) is refused
// cleanly as well.
// RUN: not llh-opt %S/Inputs/tiny.mlirbc 2>&1 | FileCheck %s --check-prefix=BYTECODE-IN
// BYTECODE-IN: llh-opt: error: '{{.*}}tiny.mlirbc' is MLIR bytecode, which llh-opt cannot read (not supported)

func.func @a() {
  return
}
