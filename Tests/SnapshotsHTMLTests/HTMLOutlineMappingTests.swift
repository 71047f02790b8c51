import InlineSnapshots
@_spi(Tooling) import SnapshotsHTML
import Testing

/// Issue 51: what the outline said where Chromium's tree says otherwise, each with its class
/// (`OutlineAgreementTests` holds the whole corpus to the browser).
@Suite struct HTMLOutlineMappingTests {
  /// A closed `<dialog>` was listed: markup hides it, as it hides `inert` content, a
  /// `<datalist>`'s suggestions and an element whose own style says `display: none`.
  @Test func whatMarkupHidesIsLeftOut() {
    assertInlineSnapshot(
      of: """
        <dialog><button>Closed</button></dialog><dialog open><button>Open</button></dialog>
        <div inert><a href="/a">Inert</a></div><div style="color: red; DISPLAY : none"><a href="/b">Styled</a></div>
        <input list="l" aria-label="City"><datalist id="l"><option value="Tokyo"></datalist>
        """, as: .htmlOutline
    ) {
      """
      - dialog:
        - button "Open"
      - combobox "City"

      """
    }
  }

  /// `<fieldset disabled>` said `[disabled]` of the group: it disables the controls in it (not
  /// those of its first legend), as a disabled list or option group disables its options, and
  /// `aria-disabled` what a user can reach inside; `disabled` means nothing on a link.
  @Test func aDisabledFieldsetDisablesItsControls() {
    assertInlineSnapshot(
      of: """
        <fieldset disabled><legend>Billing <button>Why?</button></legend>
        <input aria-label="Seats"><a href="/h" disabled>History</a>
        <select aria-label="Plan"><optgroup label="Old" disabled><option>Solo</option></optgroup>
        <option>Team</option></select></fieldset>
        <div aria-disabled="true"><a href="/x">Export</a><span>Text</span></div>
        """, as: .htmlOutline
    ) {
      """
      - group "Billing Why?":
        - button "Why?"
        - textbox "Seats" [disabled]
        - link "History" [href=/h]
        - combobox "Plan" [disabled] [collapsed]:
          - group "Old":
            - option "Solo" [disabled]
          - option "Team" [disabled]
      - link "Export" [href=/x] [disabled]
      - text: Text

      """
    }
  }

  /// `<meter>` and `<progress>` named by `<label for>` were unnamed: a label names every
  /// labelable element (an `<output>`, a `<button>` before its content), and an `<output>` is a
  /// status.
  @Test func aLabelNamesEveryLabelableElement() {
    assertInlineSnapshot(
      of: """
        <label for="m">Disk</label><meter id="m" value="0.8"></meter>
        <label>Upload <progress value="3" max="10"></progress></label>
        <label for="o">Total</label><output id="o">5</output><output>Saved</output>
        <label for="b">Label</label><button id="b">Content</button>
        """, as: .htmlOutline
    ) {
      """
      - meter "Disk"
      - progressbar "Upload"
      - status "Total": 5
      - status: Saved
      - button "Label"

      """
    }
  }

  /// A `<select>` inside its label was named with every option's text: a control inside a name
  /// says its value (a list its chosen option), the control named says nothing of itself, and
  /// an element inside says its own label.
  @Test func aControlInsideANameSaysItsValue() {
    assertInlineSnapshot(
      of: """
        <label>Country <select><option>Sweden</option><option>Japan</option></select></label>
        <label>Send <input type="number" value="2" aria-label="Copies"> copies
        <input type="checkbox"></label>
        <label>Notes <textarea>Ring twice</textarea></label>
        <button><span aria-label="Remind Ann">Remind</span></button>
        """, as: .htmlOutline
    ) {
      """
      - combobox "Country" [collapsed]:
        - option "Sweden" [selected]
        - option "Japan"
      - spinbutton "Copies": 2
      - checkbox
      - textbox "Notes" [multiline]: Ring twice
      - button "Remind Ann"

      """
    }
  }

  /// A `<table role="presentation">` kept its rows and cells: a role taken away takes its
  /// parts' with it (a table's rows and cells, a list's items); a grid's cells are grid cells,
  /// and a header between data cells heads its row.
  @Test func aPresentationalTableHasNoRowsOrCells() {
    assertInlineSnapshot(
      of: """
        <table role="presentation"><tr><td>Scan</td><td><a href="/pay">Pay</a></td></tr></table>
        <ul role="none"><li>Plain</li><li role="listitem">Own role</li></ul>
        <table role="grid" aria-label="Seats"><tr><th>Row</th><th>A</th></tr>
        <tr><th>1</th><td>Free</td></tr></table>
        """, as: .htmlOutline
    ) {
      """
      - text: Scan
      - link "Pay" [href=/pay]
      - text: Plain
      - listitem: Own role
      - grid "Seats":
        - row "Row A":
          - columnheader "Row"
          - columnheader "A"
        - row "1 Free":
          - rowheader "1"
          - gridcell "Free"

      """
    }
  }

  /// `<output>` was text: every element HTML-AAM maps has its role, where it is deciding some
  /// (a header or an aside in a section, a section only when named).
  @Test func everyElementHTMLAAMMapsHasItsRole() {
    assertInlineSnapshot(
      of: """
        <article><header><hgroup><h1>Water</h1><p>Notes</p></hgroup></header>
        <section title="Method"><p>The <dfn>flow</dfn> is <math><mi>Q</mi></math>.</p>
        <aside>Unnamed aside</aside></section>
        <footer><address>Ann</address></footer></article><main><aside>Tip</aside></main>
        """, as: .htmlOutline
    ) {
      """
      - article:
        - sectionheader:
          - group:
            - heading "Water" [level=1]
            - text: Notes
        - region "Method":
          - text: The
          - term "flow"
          - text: is
          - math: Q
          - text: .
          - text: Unnamed aside
        - sectionfooter:
          - group: Ann
      - main:
        - complementary: Tip

      """
    }
  }

  /// Names that refer to themselves end, and a name read through thousands of others is cut
  /// short rather than exhausting the stack.
  @Test func namesThatReferToThemselvesOrNestDeepEnd() throws {
    let looping = """
      <section id="a" aria-labelledby="a b"><aside id="b" aria-labelledby="a">Inner</aside></section>
      <label for="x"><input type="checkbox" id="y"></label><label for="y"><input type="checkbox" id="x"></label>
      """
    let outline = try HTMLSnapshotText.outline(looping)
    #expect(outline.contains("checkbox"), "\(outline)")
    let deep =
      "<button>" + String(repeating: "<fieldset><legend>L", count: 5_000)
      + String(repeating: "</legend></fieldset>", count: 5_000) + "</button>"
    #expect(try HTMLSnapshotText.outline(deep).hasPrefix("- button"))
  }

  /// States where HTML says they apply: `readonly` means nothing on a check box, `required`
  /// nothing on a slider; a drop-down list with no option marked shows its first one that is
  /// not disabled; a role's first token ARIA knows is its role, and `none` cannot take away
  /// the role of an element a user can reach.
  @Test func statesAndRolesWhereHTMLAndARIASayTheyApply() {
    assertInlineSnapshot(
      of: """
        <input type="checkbox" readonly aria-label="Terms"><input type="range" required aria-label="Tip">
        <select aria-label="Ship"><option disabled>Express</option><option>Standard</option></select>
        <div role="foo Button">First known</div><button role="none">Reachable</button>
        """, as: .htmlOutline
    ) {
      """
      - checkbox "Terms"
      - slider "Tip"
      - combobox "Ship" [collapsed]:
        - option "Express" [disabled]
        - option "Standard" [selected]
      - button "First known"
      - button "Reachable"

      """
    }
  }
}
