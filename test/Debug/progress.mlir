// RUN: llh-opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize)" --progress -o %t 2>&1 | FileCheck %s
// RUN: llh-opt %s --canonicalize -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// --progress (issue 13 item 5): each driver phase and each pass run says when it starts and ends,
// with its time, on stderr; off by default (so never in other tests' output).

// CHECK:      llh-opt: progress: parsing and verifying...
// CHECK-NEXT: llh-opt: progress: parsing and verifying done in {{[0-9]+\.[0-9]+}} s
// CHECK-NEXT: llh-opt: progress: cse on 'func.func' @main...
// CHECK-NEXT: llh-opt: progress: cse done in {{[0-9]+\.[0-9]+}} s
// CHECK-NEXT: llh-opt: progress: canonicalize on 'builtin.module'...
// CHECK-NEXT: llh-opt: progress: canonicalize done in {{[0-9]+\.[0-9]+}} s
// CHECK-NEXT: llh-opt: progress: printing...
// CHECK-NEXT: llh-opt: progress: printing done in {{[0-9]+\.[0-9]+}} s

// QUIET-NOT: progress

func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "llh.abs"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
