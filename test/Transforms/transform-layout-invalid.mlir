// RUN: not llh-opt %s --transform-layout="target-layout=FHWC" 2>&1 | filecheck %s --check-prefix=WEIGHT
// RUN: not llh-opt %s --transform-layout="target-layout=nhwc" 2>&1 | filecheck %s --check-prefix=CASE
// RUN: not llh-opt %s --transform-layout="layout=NHWC" 2>&1 | filecheck %s --check-prefix=NAME

// `target-layout` takes a data layout (NHWC, NCHW, or the 1-D spellings NWC, NCW), case-sensitive
// as the #llh.Layout cases; anything else is an option error (as MLIR's enum options report it).

// WEIGHT: error: for the --target-layout option: Cannot find option named 'FHWC'!
// WEIGHT: error: failed to add `transform-layout` with options `target-layout=FHWC`
// CASE: error: for the --target-layout option: Cannot find option named 'nhwc'!
// NAME: error: <Pass-Options-Parser>: no such option layout

func.func @f(%x: tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32> {
  return %x : tensor<1x3x5x5xf32>
}
