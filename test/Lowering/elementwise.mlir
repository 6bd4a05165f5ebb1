// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s

// Implicit broadcasting is an index map: the rank-1 operand is read with the inner induction
// variable only, a static size-1 dimension at index 0. The add has one use, the mul: the chain
// is one loop nest with no intermediate buffer (rows of 4: shorter than a vector, scalar).
// CHECK-LABEL: func.func @broadcast_add
// CHECK-SAME: (%[[A:[^:]*]]: memref<?x4xf32> {{.*}}, %[[B:[^:]*]]: memref<4xf32>, %[[C:[^:]*]]: memref<1x4xf32>) -> memref<?x4xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N:.*]] = memref.dim %[[A]], %[[C0]] : memref<?x4xf32>
// CHECK: ^bb2:
// CHECK-NEXT: %[[R:.*]] = memref.alloc(%[[N]]) : memref<?x4xf32>
// CHECK-NEXT: scf.parallel (%[[I:.*]]) = (%[[C0]]) to (%[[N]]) step (%c1) {
// CHECK-NEXT:   scf.for %[[J:.*]] = %[[C0]] to %c4 step %c1 {
// CHECK-NEXT:   %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]] : memref<?x4xf32>
// CHECK-NEXT:   %[[Y:.*]] = memref.load %[[B]][%[[J]]] : memref<4xf32>
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:   %[[Z:.*]] = memref.load %[[C]][%[[C0]], %[[J]]] : memref<1x4xf32>
// CHECK-NEXT:   %[[P:.*]] = arith.mulf %[[S]], %[[Z]] : f32
// CHECK-NEXT:   memref.store %[[P]], %[[R]][%[[I]], %[[J]]] : memref<?x4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : memref<?x4xf32>
func.func @broadcast_add(%a: tensor<?x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c4"}, %b: tensor<4xf32>, %c: tensor<1x4xf32>) -> tensor<?x4xf32> attributes {entrance} {
  %0 = "llh.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = "llh.mul"(%0, %c) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// Each binary op's per-element operation, for floats and integers.
// CHECK-LABEL: func.func @binary_ops
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: math.powf
// CHECK: arith.subi {{.*}} : i32
// CHECK: arith.floordivsi {{.*}} : i32
// CHECK: arith.maxsi {{.*}} : i32
// CHECK: arith.minsi {{.*}} : i32
// Integer pow: square-and-multiply over the exponent's bits.
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (i32, i32, i32)
// CHECK: arith.andi
// CHECK: arith.shrsi
func.func @binary_ops(%a: tensor<8xf32>, %b: tensor<8xf32>, %i: tensor<8xi32>, %j: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>) attributes {entrance} {
  %0 = "llh.sub"(%a, %b) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %1 = "llh.div"(%a, %b) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %2 = "llh.max"(%a, %b) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %3 = "llh.min"(%a, %b) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %4 = "llh.pow"(%a, %b) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %5 = "llh.sub"(%i, %j) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %6 = "llh.div"(%i, %j) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %7 = "llh.max"(%i, %j) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %8 = "llh.min"(%i, %j) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %9 = "llh.pow"(%i, %j) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
}

// -----

// Unary ops; f16 computes in f32 and rounds once; drop is the identity (shared buffer, copied
// because an argument is never returned as is).
// CHECK-LABEL: func.func @unary_ops
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.maximumf %{{.*}}, %[[ZERO]] : f32
// CHECK: math.absf
// CHECK: math.sqrt
// CHECK: math.rsqrt
// CHECK: %[[H:.*]] = memref.load {{.*}} : memref<?xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[W]] : f32
// CHECK-NEXT: %[[N:.*]] = arith.truncf %[[E]] : f32 to f16
// CHECK: math.absi {{.*}} : i64
// CHECK: arith.maxsi
// CHECK: %[[COPY:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: memref.copy %arg0, %[[COPY]] : memref<?xf32> to memref<?xf32>
func.func @unary_ops(%a: tensor<?xf32> {func.input_symbol_0 = "s0"}, %h: tensor<?xf16> {func.input_symbol_0 = "s0"}, %i: tensor<3xi64>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf16>, tensor<3xi64>, tensor<3xi64>, tensor<?xf32>) attributes {entrance} {
  %0 = "llh.relu"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "llh.abs"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "llh.sqrt"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %3 = "llh.rsqrt"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %4 = "llh.exp"(%h) : (tensor<?xf16>) -> tensor<?xf16>
  %5 = "llh.abs"(%i) : (tensor<3xi64>) -> tensor<3xi64>
  %6 = "llh.relu"(%i) : (tensor<3xi64>) -> tensor<3xi64>
  %7 = "llh.drop"(%a) <{p = 5.000000e-01 : f64}> : (tensor<?xf32>) -> tensor<?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf16>, tensor<3xi64>, tensor<3xi64>, tensor<?xf32>
}

// -----

// compare gives i1 (NE is unordered so NaN != NaN); where selects with broadcasting;
// convert_to uses numpy's astype conversions.
// CHECK-LABEL: func.func @compare_where_convert
// CHECK: arith.cmpf une
// CHECK: arith.cmpi sge, {{.*}} : i64
// CHECK: %[[P:.*]] = memref.load %{{.*}} : memref<4x1xi1>
// CHECK: arith.select %[[P]], {{.*}} : f32
// CHECK: arith.fptosi {{.*}} : f32 to i32
// CHECK: arith.sitofp {{.*}} : i64 to f32
// CHECK: arith.cmpf une, {{.*}} : f32
// CHECK: arith.extui {{.*}} : i1 to i64
func.func @compare_where_convert(%a: tensor<4x5xf32>, %b: tensor<4x5xf32>, %i: tensor<4x5xi64>, %p: tensor<4x1xi1>) -> (tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>, tensor<4x5xi1>, tensor<4x1xi64>) attributes {entrance} {
  %0 = "llh.compare"(%a, %b) <{kind = #llh.Compare<NE>}> : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
  %1 = "llh.compare"(%i, %i) <{kind = #llh.Compare<GE>}> : (tensor<4x5xi64>, tensor<4x5xi64>) -> tensor<4x5xi1>
  %2 = "llh.where"(%p, %a, %b) : (tensor<4x1xi1>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  %3 = "llh.convert_to"(%a) : (tensor<4x5xf32>) -> tensor<4x5xi32>
  %4 = "llh.convert_to"(%i) : (tensor<4x5xi64>) -> tensor<4x5xf32>
  %5 = "llh.convert_to"(%a) : (tensor<4x5xf32>) -> tensor<4x5xi1>
  %6 = "llh.convert_to"(%p) : (tensor<4x1xi1>) -> tensor<4x1xi64>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>, tensor<4x5xi1>, tensor<4x1xi64>
}
