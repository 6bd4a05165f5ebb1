// RUN: llh-opt %s -split-input-file --symbol-dce | filecheck %s
// RUN: llh-opt %s -split-input-file --pass-pipeline="builtin.module(symbol-dce)" | filecheck %s

// Private symbols that nothing live references are erased; public ones are roots.

// CHECK-LABEL: module attributes {test.simple}
module attributes {test.simple} {
  // CHECK-NOT: @dead_private
  func.func private @dead_private() {
    return
  }
  // CHECK-NOT: @dead_declaration
  func.func private @dead_declaration()

  // CHECK: func.func private @callee_of_callee
  func.func private @callee_of_callee() {
    return
  }
  // CHECK: func.func private @callee
  func.func private @callee() {
    call @callee_of_callee() : () -> ()
    return
  }
  // CHECK: func.func @public_root
  func.func @public_root() {
    call @callee() : () -> ()
    return
  }
  // A private function only used by dead code dies with it.
  // CHECK-NOT: @used_by_dead
  func.func private @used_by_dead() {
    return
  }
  // CHECK-NOT: @dead_user
  func.func private @dead_user() {
    call @used_by_dead() : () -> ()
    return
  }
}

// -----

// References anywhere in attributes keep a symbol alive; "nested" visibility is
// discardable in the top-level symbol table.

// CHECK-LABEL: module attributes {test.attributes}
module attributes {test.attributes} {
  // CHECK-NOT: @nested_visibility
  func.func nested @nested_visibility() {
    return
  }
  // CHECK: func.func private @in_array
  func.func private @in_array() {
    return
  }
  // CHECK: func.func private @in_dictionary
  func.func private @in_dictionary() {
    return
  }
  // CHECK: func.func @user() attributes {refs = [@in_array], table = {entry = @in_dictionary}}
  func.func @user() attributes {refs = [@in_array], table = {entry = @in_dictionary}} {
    return
  }
}

// -----

// Nested symbol tables: anonymous modules are not symbols (always live); a
// public module is a root, but its private symbols still need uses; a private
// module lives only while referenced.

// CHECK-LABEL: module attributes {test.nested}
module attributes {test.nested} {
  // CHECK: module {
  // CHECK-NEXT: }
  module {
    func.func private @anonymous_inner() {
      return
    }
  }
  // CHECK: module @public_module {
  // CHECK-NEXT: func.func @public_inner
  // CHECK-NOT: @private_inner
  // CHECK: }
  module @public_module {
    func.func @public_inner() {
      return
    }
    func.func private @private_inner() {
      return
    }
  }
  // CHECK: module @referenced attributes {sym_visibility = "private"}
  // CHECK-NEXT: func.func @kept
  module @referenced attributes {sym_visibility = "private"} {
    func.func @kept() {
      return
    }
  }
  // CHECK-NOT: @unreferenced
  module @unreferenced attributes {sym_visibility = "private"} {
    func.func @also_gone() {
      return
    }
  }
  // CHECK: func.func @root() attributes {ref = @referenced::@kept}
  func.func @root() attributes {ref = @referenced::@kept} {
    return
  }
}

// -----

// A nested reference may not name a private symbol: it resolves to nothing, so
// neither the private module nor its private function is kept alive by it.

// CHECK-LABEL: module attributes {test.private_nested_ref}
module attributes {test.private_nested_ref} {
  // CHECK-NOT: module @hidden
  module @hidden attributes {sym_visibility = "private"} {
    func.func private @secret() {
      return
    }
  }
  // CHECK: func.func @root() attributes {ref = @hidden::@secret}
  func.func @root() attributes {ref = @hidden::@secret} {
    return
  }
}
