// RUN: llh-opt %s --split-input-file --verify-diagnostics --infer-symbolic-shape --convert-llh-to-loops

func.func @no_lowering(%a: tensor<2x3xf32>) attributes {entrance} {
  // expected-error @+1 {{'llh.print' op has no lowering to loops}}
  "llh.print"(%a) : (tensor<2x3xf32>) -> ()
  return
}

// -----

// expected-error @+1 {{argument 0 has unranked type 'tensor<*xf32>': only ranked tensors lower}}
func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.relu"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @weight_not_loaded() -> tensor<4xf32> attributes {entrance} {
  // expected-error @+1 {{'llh.weight' op: the data of weight 'missing.npy' is not loaded (run --load-weight; a missing file is an error there)}}
  %0 = "llh.weight"() <{weight_file = "missing.npy"}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error @+1 {{private function with tensor arguments or results cannot be lowered (inline it first: --inline)}}
func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// Not an entrance function: the inference leaves its dynamic sizes without symbols.
func.func @not_entrance(%a: tensor<?x2xf32>) -> tensor<2x?xf32> {
  // expected-error @+1 {{dimension 1 of 'tensor<2x?xf32>' is dynamic and has no symbol: run --infer-symbolic-shape first (it annotates the functions marked `attributes {entrance}`)}}
  %0 = "llh.transpose"(%a) <{perms = array<i64: 1, 0>}> : (tensor<?x2xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
