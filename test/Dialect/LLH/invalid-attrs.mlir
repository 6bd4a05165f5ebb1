// RUN: llh-opt %s -split-input-file -verify-diagnostics
//
// Malformed LLH attributes are parse diagnostics at the attribute (spec §1.2).

// expected-error@+1 {{unknown attribute `Layuot` in dialect `llh`}}
func.func @f() attributes {a = #llh.Layuot<NCHW>} {
  return
}

// -----

// expected-error@+2 {{expected ::mlir::llh::Layout to be one of: NCHW, NHWC, NCW, NWC, FCHW, HWCF, FHWC, FCW, WCF}}
// expected-error@+1 {{failed to parse LLH_LayoutAttr parameter 'value' which is to be a `::mlir::llh::Layout`}}
func.func @f() attributes {a = #llh.Layout<nchw>} {
  return
}

// -----

// expected-error@+2 {{expected ::mlir::llh::SymbolRelation to be one of: Add, Sub, Mul, FloorDiv, EQ, GE, LE, GT, LT, NOTEQ}}
// expected-error@+1 {{failed to parse LLH_SymbolRelationAttr parameter 'value' which is to be a `::mlir::llh::SymbolRelation`}}
func.func @f() attributes {a = #llh.SymbolRelation<NE>} {
  return
}

// -----

// expected-error@+2 {{expected ::mlir::llh::Compare to be one of: EQ, GE, LE, GT, LT, NE}}
// expected-error@+1 {{failed to parse LLH_CompareAttr parameter 'value' which is to be a `::mlir::llh::Compare`}}
func.func @f() attributes {a = #llh.Compare<NOTEQ>} {
  return
}

// -----

// expected-error@+2 {{expected ::mlir::llh::Mode to be one of: training, inference}}
// expected-error@+1 {{failed to parse LLH_ModeAttr parameter 'value' which is to be a `::mlir::llh::Mode`}}
func.func @f() attributes {a = #llh.Mode<Inference>} {
  return
}

// -----

// expected-error@+1 {{#llh.encoding needs at least one symbol (rank-0 tensors carry no encoding)}}
func.func @f(%arg0: tensor<f32, #llh.encoding<shapes = >>) {
  return
}

// -----

// expected-error@+1 {{expected 'shapes' in #llh.encoding}}
func.func @f(%arg0: tensor<?xf32, #llh.encoding<@s0>>) {
  return
}

// -----

// expected-error@+1 {{expected a symbol reference (@name) in #llh.encoding}}
func.func @f(%arg0: tensor<?xf32, #llh.encoding<shapes = s0>>) {
  return
}

// -----

// expected-error@+1 {{expected ',' or '>' in #llh.encoding}}
func.func @f(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s0 @s1>>) {
  return
}

// -----

// expected-error@+1 {{expected an LLH attribute mnemonic after '#llh.'}}
func.func @f() attributes {a = #llh<foo>} {
  return
}

// -----

// expected-error@+1 {{expected '<' ... '>' after '#llh.Layout'}}
func.func @f() attributes {a = #llh.Layout} {
  return
}
