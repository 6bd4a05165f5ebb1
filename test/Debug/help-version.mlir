// --help lists every driver option in mlir-opt's groups (and the passes with
// their options under "Compiler passes to run"); --version names the MLIR/LLVM
// release whose mlir-opt llh-opt follows; --show-dialects as mlir-opt prints it.

// RUN: llh-opt --help | FileCheck %s --check-prefix=HELP
// HELP:      OVERVIEW: LLH modular optimizer driver
// HELP:      Available Dialects: arith, builtin, cf, func, index, llh, math, memref, scf, tensor, vector
// HELP-NEXT: USAGE: llh-opt [options] <input file>
// HELP:      Color Options:
// HELP:        --color - Use colors in output (default=autodetect)
// HELP:      General options:
// HELP:        --allow-unregistered-dialect
// HELP-NEXT:   Compiler passes to run
// HELP-NEXT:     Passes:
// HELP-NEXT:       --canonicalize - Canonicalize operations
// HELP:              --max-iterations=<long> - Max. iterations between applying patterns / simplifying regions
// HELP:        --dump-pass-pipeline
// HELP-NEXT:   --emit=<value> - Output kind (--lower-to-llvm makes llvm the default)
// HELP-NEXT:     =mlir -   The module after the passes (default)
// HELP-NEXT:     =llvm -   LLVM IR
// HELP-NEXT:     =asm -   Target assembly
// HELP-NEXT:     =obj -   An object file (needs -o)
// HELP-NEXT:     =header -   C declarations of the entry points
// HELP-NEXT:   --emit-bytecode
// HELP:        --log-actions-to=<string>
// HELP-NEXT:   --mlir-diagnostic-verbosity-level=<value>
// HELP:        --mlir-disable-threading
// HELP-NEXT:   --mlir-elide-elementsattrs-if-larger=<uint>
// HELP-NEXT:   --mlir-pass-pipeline-crash-reproducer=<string>
// HELP-NEXT:   --mlir-pass-pipeline-local-reproducer
// HELP-NEXT:   --mlir-pass-statistics
// HELP-NEXT:   --mlir-pass-statistics-display=<value>
// HELP-NEXT:     =list
// HELP-NEXT:     =pipeline
// HELP-NEXT:   --mlir-print-debuginfo
// HELP-NEXT:   --mlir-print-ir-after=<pass-arg>
// HELP-NEXT:   --mlir-print-ir-after-all
// HELP-NEXT:   --mlir-print-ir-after-change
// HELP-NEXT:   --mlir-print-ir-after-failure
// HELP-NEXT:   --mlir-print-ir-before=<pass-arg>
// HELP-NEXT:   --mlir-print-ir-before-all
// HELP-NEXT:   --mlir-print-ir-module-scope
// HELP-NEXT:   --mlir-print-ir-tree-dir=<string>
// HELP-NEXT:   --mlir-print-local-scope
// HELP-NEXT:   --mlir-print-op-generic
// HELP-NEXT:   --mlir-print-skip-regions
// HELP-NEXT:   --mlir-print-unique-ssa-ids
// HELP-NEXT:   --mlir-print-value-users
// HELP-NEXT:   --mlir-timing
// HELP-NEXT:   --mlir-timing-display=<value>
// HELP:        --no-implicit-module
// HELP:        --output-split-marker=<string>
// HELP-NEXT:   --pass-pipeline=<string>
// HELP-NEXT:   --progress
// HELP-NEXT:   --run-reproducer
// HELP-NEXT:   --show-dialects
// HELP-NEXT:   --show-ops
// HELP-NEXT:   --split-input-file[=<string>]
// HELP:        --verify-diagnostics[=<value>]
// HELP:        --verify-each
// HELP-NEXT:   --verify-roundtrip
// HELP:      Generic Options:
// HELP:        --help
// HELP-NEXT:   --version

// RUN: llh-opt --version | FileCheck %s --check-prefix=VERSION
// VERSION:      llh-opt {{[0-9]+\.[0-9]+\.[0-9]+}}
// VERSION-NEXT:   follows MLIR/LLVM 22 (mlir-opt's flags, pass names and output formats)

// RUN: llh-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS --match-full-lines
// DIALECTS: Available Dialects: arith,builtin,cf,func,index,llh,math,memref,scf,tensor,vector

// RUN: llh-opt --show-ops | FileCheck %s --check-prefix=OPS
// OPS:      arith:
// OPS-NEXT:   arith.addf
// OPS:      llh:
// OPS:        llh.conv

// RUN: llh-opt --show-ops=llh | FileCheck %s --check-prefix=OPREF
// OPREF:      | op | summary | operands | results | properties | implements |
// OPREF:      | `llh.conv` | convolution | `X`: tensor of LLH float values<br>`W`: tensor of LLH float values |
// RUN: not llh-opt --show-ops=nosuch 2>&1 | FileCheck %s --check-prefix=OPREF-BAD
// OPREF-BAD: llh-opt: error: for the --show-ops option: no dialect named 'nosuch'
