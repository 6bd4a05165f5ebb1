// RUN: llh-opt %s -split-input-file -verify-diagnostics --load-weight
// RUN: not llh-opt %s -split-input-file --load-weight 2>&1 | filecheck %s

// Every weight that cannot become a constant is an error at the op naming the resolved path (D9);
// the pass reports all of them, and the output is not printed.

// CHECK: error: 'llh.weight' op weight file '{{.*}}Inputs/load-weight/missing.npy' does not exist
// CHECK: error: 'llh.weight' op weight file '{{.*}}Inputs/load-weight/not_npy.npy' is not a .npy file (no .npy magic)
// CHECK-NOT: llh.constant

func.func @files() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  // expected-error@+1 {{Inputs/load-weight/missing.npy' does not exist}}
  %0 = "llh.weight"() <{weight_file = "Inputs/load-weight/missing.npy"}> : () -> tensor<2xf32>
  // expected-error@+1 {{Inputs/load-weight/not_npy.npy' is not a .npy file (no .npy magic)}}
  %1 = "llh.weight"() <{weight_file = "Inputs/load-weight/not_npy.npy"}> : () -> tensor<2xf32>
  // expected-error@+1 {{Inputs/load-weight/archive.npz' is not a .npy file (an .npz archive)}}
  %2 = "llh.weight"() <{weight_file = "Inputs/load-weight/archive.npz"}> : () -> tensor<2xf32>
  // expected-error@+1 {{Inputs/load-weight/malformed.npy' is malformed: }}
  %3 = "llh.weight"() <{weight_file = "Inputs/load-weight/malformed.npy"}> : () -> tensor<2xf32>
  // expected-error@+1 {{Inputs/load-weight/truncated.npy' is malformed: }}
  %4 = "llh.weight"() <{weight_file = "Inputs/load-weight/truncated.npy"}> : () -> tensor<2xf32>
  // expected-error@+1 {{Inputs/load-weight' is a directory}}
  %5 = "llh.weight"() <{weight_file = "Inputs/load-weight"}> : () -> tensor<2xf32>
  // Object arrays are never unpickled (numpy.load(allow_pickle=False)).
  // expected-error@+1 {{Inputs/load-weight/object.npy' holds Python objects, which are never unpickled}}
  %6 = "llh.weight"() <{weight_file = "Inputs/load-weight/object.npy"}> : () -> tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// The data must have the result's element type and fit its static sizes.
func.func @types(%x: tensor<2xbf16>) -> (tensor<3xf32>, tensor<2xbf16>, tensor<1xf32>, tensor<2xi8>, tensor<3x2xf32>, tensor<3xf32>, tensor<2x3x1xf32>) {
  // expected-error@+1 {{Inputs/load-weight/i64.npy' holds i64 data ('<i8') but the result element type is f32}}
  %0 = "llh.weight"() <{weight_file = "Inputs/load-weight/i64.npy"}> : () -> tensor<3xf32>
  // expected-error@+1 {{Inputs/load-weight/f32.npy' holds f32 data ('<f4') but the result element type is bf16}}
  %1 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32.npy"}> : () -> tensor<2xbf16>
  // expected-error@+1 {{Inputs/load-weight/complex.npy' holds data of numpy type '<c8', which has no LLH element type}}
  %2 = "llh.weight"() <{weight_file = "Inputs/load-weight/complex.npy"}> : () -> tensor<1xf32>
  // Unsigned data is not signless.
  // expected-error@+1 {{Inputs/load-weight/u8.npy' holds ui8 data ('|u1') but the result element type is i8}}
  %3 = "llh.weight"() <{weight_file = "Inputs/load-weight/u8.npy"}> : () -> tensor<2xi8>
  // expected-error@+1 {{Inputs/load-weight/f32_2x3.npy' holds an array of shape (2, 3) but the result type is 'tensor<3x2xf32>'}}
  %4 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_2x3.npy"}> : () -> tensor<3x2xf32>
  // expected-error@+1 {{Inputs/load-weight/f32_scalar.npy' holds an array of shape () but the result type is 'tensor<3xf32>'}}
  %5 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_scalar.npy"}> : () -> tensor<3xf32>
  // expected-error@+1 {{Inputs/load-weight/f32_2x3.npy' holds an array of shape (2, 3) but the result type is 'tensor<2x3x1xf32>'}}
  %6 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_2x3.npy"}> : () -> tensor<2x3x1xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3xf32>, tensor<2xbf16>, tensor<1xf32>, tensor<2xi8>, tensor<3x2xf32>, tensor<3xf32>, tensor<2x3x1xf32>
}

