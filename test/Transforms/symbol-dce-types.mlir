// RUN: llh-opt %s --allow-unregistered-dialect --symbol-dce | filecheck %s

// llh-opt also finds symbol references in the types of results and block
// arguments (LLH tensor encodings name their dimension symbols there). MLIR's
// SymbolDCE only looks at attributes, so it would erase @in_result_type and
// @in_block_argument here.

// CHECK-LABEL: module
module {
  // CHECK: func.func private @in_result_type
  func.func private @in_result_type() {
    return
  }
  // CHECK: func.func private @in_block_argument
  func.func private @in_block_argument() {
    return
  }
  // CHECK: func.func private @in_type_attribute
  func.func private @in_type_attribute() {
    return
  }
  // CHECK-NOT: @unused
  func.func private @unused() {
    return
  }
  // CHECK: func.func @root
  func.func @root() {
    %0 = "test.value"() : () -> tensor<?xf32, {dim = @in_result_type}>
    // (Two regions: an unknown op with one region might be a symbol table.)
    "test.region"() ({
    ^bb0(%arg0: tensor<?xf32, {dim = @in_block_argument}>):
      "test.terminator"() : () -> ()
    }, {
    }) {type = tensor<4xf32, {dim = @in_type_attribute}>} : () -> ()
    return
  }
}
