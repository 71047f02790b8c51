import CLibXML2

/// `.htmlOutline`'s text: what assistive technology finds on a page.
///
/// In the spirit of Playwright's aria snapshots, each landmark, heading, link, button, form control, image, list,
/// table and their parts is one line, `- role "accessible name" [state]`, indented under the one
/// it is in; text outside them is `- text: …` (`OutlineWriter` writes them). Elements without a
/// role (`div`, `span`, `p`) add nothing but their content, so the outline survives changes of
/// markup and fails when what a user can perceive or operate changes: a label, an alt text, a
/// heading's level, a state.
///
/// Roles, names and states follow HTML-AAM and accname, as far as markup alone decides them:
/// `role` and `aria-*` attributes win over the element's own role and name; what markup hides
/// (`hidden`, `aria-hidden="true"`, `inert`, a closed `<dialog>`, `<head>`, `<template>`, …) is
/// left out.
///
/// A class: the functions that read roles and names walk the tree with closures, which would
/// copy a struct's tables on every call.
final class HTMLOutliner {
  let page: HTMLPage
  var ids: [String: xmlNodePtr] = [:]
  /// The `<label>`s that name each labelled control, in the page's order.
  var labels: [xmlNodePtr: [xmlNodePtr]] = [:]
  var labelElements: Set<xmlNodePtr> = []
  /// The options the page's `<select>`s have chosen.
  var selectedOptions: Set<xmlNodePtr> = []
  /// What on the page disables the elements inside it, if anything: most pages have neither,
  /// and their controls' ancestors need not be read.
  var disables: Set<Disabler> = []
  enum Disabler { case fieldset, aria }
  /// The elements whose `aria-labelledby` is being read (accname's visited nodes), and how
  /// many names are being read inside one another.
  var naming: Set<xmlNodePtr> = []
  var namingDepth = 0
  private var writer = OutlineWriter()
  /// The elements whose lines are open, innermost last.
  private var open: [xmlNodePtr] = []

  init(_ page: HTMLPage) { self.page = page }

  func text() -> String {
    index()
    // The element, if any, whose text names another rather than being content: a control's
    // label, a table's caption.
    var quiet: xmlNodePtr?
    walkNodes(from: page.firstNode) { current in
      switch current.nodeType {
      case .element where !isHidden(current):
        if !page.kind(of: current).isInline { writer.breakText() }
        if let role = role(of: current) {
          writer.enter(
            OutlineEntry(
              role: role, name: accessibleName(of: current, role: role),
              states: states(of: current, role: role), value: value(of: current, role: role)))
          open.append(current)
        } else if quiet == nil && namesAnother(current) {
          quiet = current
        }
        return true
      case .text:
        if quiet == nil && !writer.holdsText && !isFoldedAway(current) {
          writer.appendText(current.pointee.content)
        }
      default:
        break
      }
      return false
    } leave: { element in
      guard element.isElement else { return }
      if quiet == element { quiet = nil }
      if open.last == element {
        writer.leave()
        open.removeLast()
      } else if !page.kind(of: element).isInline {
        writer.breakText()
      }
    }
    return writer.finish()
  }
}
