// A deliberately wrong torch binding in imported IR is reported by --infer-symbolic-shape
// (spec D8): the conv's binding is edited to claim 5 output channels / a pooled size one smaller than it is.

// RUN: sed -e 's/(1, 4, (s0 - 1) floordiv 2 + 1, (s0 - 1) floordiv 2 + 1)/(1, 5, (s0 - 1) floordiv 2 + 1, (s0 - 1) floordiv 2 + 1)/' %S/Inputs/conv_block.mlir > %t.channels.mlir
// RUN: not llh-opt %t.channels.mlir --infer-symbolic-shape 2>&1 | filecheck %s --check-prefix=CHANNELS
// RUN: sed -e 's/(1, 4, (s0 - 1) floordiv 4 + 1, (s0 - 1) floordiv 4 + 1)/(1, 4, (s0 - 1) floordiv 4, (s0 - 1) floordiv 4)/' %S/Inputs/conv_block.mlir > %t.spatial.mlir
// RUN: not llh-opt %t.spatial.mlir --infer-symbolic-shape 2>&1 | filecheck %s --check-prefix=SPATIAL

// A static size the binding contradicts is caught by the op's verifier already:
// CHANNELS: error: 'llh.symbolic_bind' op dimension 1 has static size 4 but 'expressions' gives 5
// A symbolic one by the D8 check, naming both expressions:
// SPATIAL: error: 'llh.symbolic_bind' op torch binding disagrees with the shape rules: dimension 2 is floor((s0 + 3)/4) by the shape rules but floor((s0 + 3)/4) - 1 by the binding
// SPATIAL-NEXT: "llh.symbolic_bind"
