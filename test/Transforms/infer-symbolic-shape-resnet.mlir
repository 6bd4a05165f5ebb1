// RUN: llh-opt %s --infer-symbolic-shape | filecheck %s
// Every op result carries an encoding (no tensor result type is left without one):
// RUN: llh-opt %s --infer-symbolic-shape | not grep -E -- '-> tensor<[^,]*>$'
// Idempotence: a second run over the annotated output changes nothing.
// RUN: llh-opt %s --infer-symbolic-shape > %t.1.mlir
// RUN: llh-opt %t.1.mlir --infer-symbolic-shape > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// The ResNet-18 graph of seed 000 ("resnet推导示例", the torch-imported stem, layer1 and layer2,
// flatten and the two linear layers), written out in full: the 64 weights the seed elides are
// filled in from their uses (conv weights, batch-norm scale/bias/mean/var and the i64
// num_batches_tracked of each of the ten batch norms, the two linear layers).
//
// What is checked (spec D1, D2): the input is seeded from `func.input_symbol_N` (H = W = s1);
// each conv/pool output size is a derived symbol carrying its definition; structurally equal
// sizes share one symbol: H and W stay equal, the 3x3/stride-1/pad-1 convs keep their input's
// symbols, and the strided 3x3 conv and the 1x1/stride-2 shortcut of layer2 agree, so the adds
// need no relation; the flatten size is `128 * H3 * H3`, defined step by step by the two scalar
// muls (the seed's `s23 = c128 * s21`, `s24 = s23 * s22`), and the first linear layer records
// it equal to the weight's 100352.

module attributes {builtin.gloabal_layout = "NCHW"} {
  func.func @main(%arg0: tensor<1x3x?x?xf32> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<1x10xf32> attributes {entrance} {
    %0 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
    %1 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
    %2 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
    %3 = "llh.constant"() <{value = 1 : i64}> : () -> i64
    %4 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32>
    %5 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %6 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %7 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %8 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %9 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %10 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %11 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %12 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %13 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %14 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %15 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %16 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %17 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %18 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %19 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x64x3x3xf32>
    %20 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %21 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %22 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x128x3x3xf32>
    %23 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %24 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %25 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x64x1x1xf32>
    %26 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %27 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %28 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x128x3x3xf32>
    %29 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %30 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %31 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x128x3x3xf32>
    %32 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %33 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %34 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<512x100352xf32>
    %35 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<512xf32>
    %36 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<10x512xf32>
    %37 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<10xf32>
    %38 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %39 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %40 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %41 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %42 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %43 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %44 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %45 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %46 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %47 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %48 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %49 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %50 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %51 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %52 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %53 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %54 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %55 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %56 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %57 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %58 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %59 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %60 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %61 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %62 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %63 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %64 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %65 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %66 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %67 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %68 = "llh.conv"(%arg0, %4) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<1x64x?x?xf32>
    %69 = "llh.batch_norm"(%68, %5, %6, %38, %39) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %70 = "llh.relu"(%69) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %71 = "llh.max_pool"(%70) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %72 = "llh.conv"(%71, %7) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    %73 = "llh.batch_norm"(%72, %8, %9, %41, %42) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %74 = "llh.relu"(%73) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %75 = "llh.conv"(%74, %10) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    %76 = "llh.batch_norm"(%75, %11, %12, %44, %45) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %77 = "llh.add"(%76, %71) : (tensor<1x64x?x?xf32>, tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %78 = "llh.relu"(%77) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %79 = "llh.conv"(%78, %13) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    %80 = "llh.batch_norm"(%79, %14, %15, %47, %48) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %81 = "llh.relu"(%80) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %82 = "llh.conv"(%81, %16) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    %83 = "llh.batch_norm"(%82, %17, %18, %50, %51) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %84 = "llh.add"(%83, %78) : (tensor<1x64x?x?xf32>, tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %85 = "llh.relu"(%84) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %86 = "llh.conv"(%85, %19) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>, tensor<128x64x3x3xf32>) -> tensor<1x128x?x?xf32>
    %87 = "llh.batch_norm"(%86, %20, %21, %53, %54) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %88 = "llh.relu"(%87) : (tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %89 = "llh.conv"(%88, %22) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x128x?x?xf32>, tensor<128x128x3x3xf32>) -> tensor<1x128x?x?xf32>
    %90 = "llh.batch_norm"(%89, %23, %24, %56, %57) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %91 = "llh.conv"(%85, %25) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>, tensor<128x64x1x1xf32>) -> tensor<1x128x?x?xf32>
    %92 = "llh.batch_norm"(%91, %26, %27, %59, %60) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %93 = "llh.add"(%90, %92) : (tensor<1x128x?x?xf32>, tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %94 = "llh.relu"(%93) : (tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %95 = "llh.conv"(%94, %28) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x128x?x?xf32>, tensor<128x128x3x3xf32>) -> tensor<1x128x?x?xf32>
    %96 = "llh.batch_norm"(%95, %29, %30, %62, %63) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %97 = "llh.relu"(%96) : (tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %98 = "llh.conv"(%97, %31) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x128x?x?xf32>, tensor<128x128x3x3xf32>) -> tensor<1x128x?x?xf32>
    %99 = "llh.batch_norm"(%98, %32, %33, %65, %66) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %100 = "llh.add"(%99, %94) : (tensor<1x128x?x?xf32>, tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %101 = "llh.relu"(%100) : (tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %102 = "llh.dim"(%101, %1) : (tensor<1x128x?x?xf32>, i64) -> i64
    %103 = "llh.dim"(%101, %3) : (tensor<1x128x?x?xf32>, i64) -> i64
    %104 = "llh.dim"(%101, %2) : (tensor<1x128x?x?xf32>, i64) -> i64
    %105 = "llh.dim"(%101, %0) : (tensor<1x128x?x?xf32>, i64) -> i64
    %106 = "llh.mul"(%103, %104) : (i64, i64) -> i64
    %107 = "llh.mul"(%106, %105) : (i64, i64) -> i64
    %108 = "llh.reshape"(%101, %102, %107) : (tensor<1x128x?x?xf32>, i64, i64) -> tensor<1x?xf32>
    %109 = "llh.transpose"(%34) <{perms = array<i64: 1, 0>}> : (tensor<512x100352xf32>) -> tensor<100352x512xf32>
    %110 = "llh.matmul"(%108, %109) : (tensor<1x?xf32>, tensor<100352x512xf32>) -> tensor<1x512xf32>
    %111 = "llh.add"(%110, %35) : (tensor<1x512xf32>, tensor<512xf32>) -> tensor<1x512xf32>
    %112 = "llh.dim"(%111, %1) : (tensor<1x512xf32>, i64) -> i64
    %113 = "llh.dim"(%111, %3) : (tensor<1x512xf32>, i64) -> i64
    %114 = "llh.reshape"(%111, %112, %113) : (tensor<1x512xf32>, i64, i64) -> tensor<1x512xf32>
    %115 = "llh.transpose"(%36) <{perms = array<i64: 1, 0>}> : (tensor<10x512xf32>) -> tensor<512x10xf32>
    %116 = "llh.matmul"(%114, %115) : (tensor<1x512xf32>, tensor<512x10xf32>) -> tensor<1x10xf32>
    %117 = "llh.add"(%116, %37) : (tensor<1x10xf32>, tensor<10xf32>) -> tensor<1x10xf32>
    return %117 : tensor<1x10xf32>
  }
}

// CHECK-LABEL: func.func @main(%arg0: tensor<1x3x?x?xf32, #llh.encoding<shapes = @c1, @c3, @s1, @s1>> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>> attributes {entrance} {
//      CHECK: "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
//      CHECK: "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
//      CHECK: "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
//      CHECK: "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
//      CHECK: "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32, #llh.encoding<shapes = @c64, @c3, @c7, @c7>>
// CHECK-COUNT-63: "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<{{[0-9x]+}}{{f32|i64}}, #llh.encoding<shapes = {{(@c[0-9]+(, )?)+}}>>

// Stem: conv 7x7/2 pad 3, H1 = floor((s1 + 1)/2); max_pool 3x3/2 pad 1, H2 = floor((H1 + 1)/2).
//      CHECK: "llh.conv"(%arg0, %{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H1:s[0-9]+]], @[[H1]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H1]], @[[H1]]>>
// CHECK-NEXT: "llh.relu"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H1]], @[[H1]]>>
// CHECK-NEXT: "llh.max_pool"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2:s[0-9]+]], @[[H2]]>>

// layer1: four 3x3/1 convs keep H2.
// CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.relu"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.add"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.relu"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.relu"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.add"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>
// CHECK-NEXT: "llh.relu"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[H2]], @[[H2]]>>

// layer2: the strided 3x3 conv and the 1x1/2 shortcut both give H3 = floor((H2 + 1)/2).
// CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3:s[0-9]+]], @[[H3]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.relu"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.conv"{{.*}}kernel_shape = array<i64: 1, 1>{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.add"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.relu"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.relu"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: "llh.add"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>
// CHECK-NEXT: %[[X:[0-9]+]] = "llh.relu"{{.*}} -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @[[H3]], @[[H3]]>>

// Flatten: dims carry their symbols, the muls define M1 = 128 * H3 and M2 = M1 * H3.
// CHECK-NEXT: "llh.dim"(%[[X]], %{{[0-9]+}}) <{symbol = @c1}>
// CHECK-NEXT: "llh.dim"(%[[X]], %{{[0-9]+}}) <{symbol = @c128}>
// CHECK-NEXT: "llh.dim"(%[[X]], %{{[0-9]+}}) <{symbol = @[[H3]]}>
// CHECK-NEXT: "llh.dim"(%[[X]], %{{[0-9]+}}) <{symbol = @[[H3]]}>
// CHECK-NEXT: "llh.mul"({{.*}}) <{symbol = @[[M1:s[0-9]+]]}> : (i64, i64) -> i64
// CHECK-NEXT: "llh.mul"({{.*}}) <{symbol = @[[M2:s[0-9]+]]}> : (i64, i64) -> i64
// CHECK-NEXT: "llh.reshape"{{.*}} -> tensor<1x?xf32, #llh.encoding<shapes = @c1, @[[M2]]>>
// CHECK-NEXT: "llh.transpose"{{.*}} -> tensor<100352x512xf32, #llh.encoding<shapes = @c100352, @c512>>
// CHECK-NEXT: "llh.matmul"{{.*}} -> tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>
// CHECK-NEXT: "llh.add"{{.*}} : (tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>, tensor<512xf32, #llh.encoding<shapes = @c512>>) -> tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>
// CHECK-NEXT: "llh.dim"{{.*}} <{symbol = @c1}>
// CHECK-NEXT: "llh.dim"{{.*}} <{symbol = @c512}>
// CHECK-NEXT: "llh.reshape"{{.*}} -> tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>
// CHECK-NEXT: "llh.transpose"{{.*}} -> tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>
// CHECK-NEXT: "llh.matmul"{{.*}} -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>
// CHECK-NEXT: "llh.add"{{.*}} -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>

// The relations, newest first: the matmul's K, the two flatten products, the three sizes.
//      CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation"() <{relation = @c100352, relation_kind = #llh.SymbolRelation<EQ>, symbol = @[[M2]]}> : () -> ()
// (M2 = H3 * M1; sympy orders the two factors by name.)
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @{{s[0-9]+}}, relations_rhs = @{{s[0-9]+}}, symbol = @[[M2]]}> : () -> ()
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @c128, relations_rhs = @[[H3]], symbol = @[[M1]]}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor(([[H2]] + 1)/2)", relation = #map, relations = [@[[H2]]], symbol = @[[H3]]}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor(([[H1]] + 1)/2)", relation = #map, relations = [@[[H1]]], symbol = @[[H2]]}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/2)", relation = #map, relations = [@s1], symbol = @[[H1]]}> : () -> ()
// CHECK-NEXT: }
