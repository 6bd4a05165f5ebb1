// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
//
// LLH attributes (spec §1.2, §9): parsed into structured values (whitespace inside the brackets
// may vary), printed canonically, never aliased. Quoted symbol names (`@"c-1"`) round-trip.

#enc = #llh.encoding<shapes = @s0, @c3>
#layout = #llh.Layout<NHWC>

// CHECK: module attributes {builtin.gloabal_layout = #llh.Layout<NCHW>, builtin.mode = #llh.Mode<inference>}
module attributes {builtin.gloabal_layout = #llh.Layout< NCHW >, builtin.mode = #llh.Mode<inference>} {

// CHECK-LABEL: func.func @encodings(
// CHECK-SAME:    %arg0: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>,
// CHECK-SAME:    %arg1: tensor<?x?x1xi64, #llh.encoding<shapes = @s0, @"c-1", @c1>>,
// CHECK-SAME:    %arg2: tensor<f32>)
// CHECK-SAME:    attributes {e0 = #llh.encoding<shapes = @s0>, e1 = #llh.encoding<shapes = @"s 1", @s2>, e2 = #llh.encoding<shapes = @c18446744073709551615>}
func.func @encodings(%arg0: tensor<?x3xf32, #llh.encoding<shapes=@s0,@c3>>,
                     %arg1: tensor<?x?x1xi64, #llh.encoding<  shapes =  @s0 ,  @"c-1",@c1 >>,
                     %arg2: tensor<f32>)
    attributes {e0 = #llh.encoding<shapes = @s0>, e1 = #llh.encoding<shapes = @"s 1", @"s2">,
                e2 = #llh.encoding<shapes = @c18446744073709551615>} {
  return
}

// CHECK-LABEL: func.func @layouts()
// CHECK-SAME: attributes {a = #llh.Layout<NCHW>, b = #llh.Layout<NHWC>, c = #llh.Layout<NCW>, d = #llh.Layout<NWC>, e = #llh.Layout<FCHW>, f = #llh.Layout<HWCF>, g = #llh.Layout<FHWC>, h = #llh.Layout<FCW>, i = #llh.Layout<WCF>}
func.func @layouts() attributes {a = #llh.Layout<NCHW>, b = #llh.Layout<NHWC>, c = #llh.Layout<NCW>, d = #llh.Layout<NWC>, e = #llh.Layout<FCHW>, f = #llh.Layout<HWCF>, g = #llh.Layout<FHWC>, h = #llh.Layout<FCW>, i = #llh.Layout<WCF>} {
  return
}

// CHECK-LABEL: func.func @relations()
// CHECK-SAME: attributes {a = #llh.SymbolRelation<Add>, b = #llh.SymbolRelation<Sub>, c = #llh.SymbolRelation<Mul>, d = #llh.SymbolRelation<FloorDiv>, e = #llh.SymbolRelation<EQ>, f = #llh.SymbolRelation<GE>, g = #llh.SymbolRelation<LE>, h = #llh.SymbolRelation<GT>, i = #llh.SymbolRelation<LT>, j = #llh.SymbolRelation<NOTEQ>}
func.func @relations() attributes {a = #llh.SymbolRelation<Add>, b = #llh.SymbolRelation<Sub>, c = #llh.SymbolRelation<Mul>, d = #llh.SymbolRelation<FloorDiv>, e = #llh.SymbolRelation<EQ>, f = #llh.SymbolRelation<GE>, g = #llh.SymbolRelation<LE>, h = #llh.SymbolRelation<GT>, i = #llh.SymbolRelation<LT>, j = #llh.SymbolRelation<NOTEQ>} {
  return
}

// CHECK-LABEL: func.func @other_enums()
// CHECK-SAME: attributes {a = #llh.Compare<EQ>, b = #llh.Compare<GE>, c = #llh.Compare<LE>, d = #llh.Compare<GT>, e = #llh.Compare<LT>, f = #llh.Compare<NE>, g = #llh.Mode<training>, h = #llh.AutoPad<DEFAULT>, i = #llh.AutoPad<SAME_UPPER>, j = #llh.AutoPad<SAME_LOWER>, k = #llh.AutoPad<VALID>, l = #llh.CeilMode<CEIL>, m = #llh.CeilMode<FLOOR>, n = #llh.ShiftDirection<Right>, o = #llh.ShiftDirection<Left>}
func.func @other_enums() attributes {a = #llh.Compare<EQ>, b = #llh.Compare<GE>, c = #llh.Compare<LE>, d = #llh.Compare<GT>, e = #llh.Compare<LT>, f = #llh.Compare<NE>, g = #llh.Mode<training>, h = #llh.AutoPad<DEFAULT>, i = #llh.AutoPad<SAME_UPPER>, j = #llh.AutoPad<SAME_LOWER>, k = #llh.AutoPad<VALID>, l = #llh.CeilMode<CEIL>, m = #llh.CeilMode<FLOOR>, n = #llh.ShiftDirection<Right>, o = #llh.ShiftDirection<Left>} {
  return
}

// Attribute aliases defined in the file are resolved; LLH attributes never print as aliases.
// CHECK-LABEL: func.func @aliases()
// CHECK-SAME: attributes {enc = #llh.encoding<shapes = @s0, @c3>, layout = #llh.Layout<NHWC>}
func.func @aliases() attributes {enc = #enc, layout = #layout} {
  return
}

}
