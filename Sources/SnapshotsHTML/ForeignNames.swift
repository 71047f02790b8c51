/// The camelCase names SVG and MathML spell, which libxml2's HTML parser lowercases
/// (`viewBox` → `viewbox`): written back as a browser's HTML parser adjusts them in foreign
/// content (the HTML standard's tables of SVG tag names, SVG attributes and MathML
/// attributes), so that `viewBox` and `viewbox` snapshot as the browser reads both.
enum ForeignNames {
  static let elements: [String: String] = Dictionary(
    uniqueKeysWithValues: [
      "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion",
      "animateTransform", "clipPath", "feBlend", "feColorMatrix", "feComponentTransfer",
      "feComposite", "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap",
      "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
      "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset",
      "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
      "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath",
    ].map { ($0.lowercased(), $0) })

  static let attributes: [String: String] = Dictionary(
    uniqueKeysWithValues: [
      "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode",
      "clipPathUnits", "diffuseConstant", "edgeMode", "filterUnits", "glyphRef",
      "gradientTransform", "gradientUnits", "kernelMatrix", "kernelUnitLength", "keyPoints",
      "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight",
      "markerUnits", "markerWidth", "maskContentUnits", "maskUnits", "numOctaves",
      "pathLength", "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX",
      "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio", "primitiveUnits",
      "refX", "refY", "repeatCount", "repeatDur", "requiredExtensions", "requiredFeatures",
      "specularConstant", "specularExponent", "spreadMethod", "startOffset", "stdDeviation",
      "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX", "targetY",
      "textLength", "viewBox", "viewTarget", "xChannelSelector", "yChannelSelector",
      "zoomAndPan", "definitionURL",
    ].map { ($0.lowercased(), $0) })
}
