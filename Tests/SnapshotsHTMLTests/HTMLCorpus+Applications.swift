/// Pages of the kind a web application serves, written apart from the outline's code: a
/// sign-in form, settings with a disabled fieldset, a dashboard of meters, a data table, a modal
/// dialog, a checkout with every kind of input, an article, ARIA widgets and hidden content.
/// Between them they hold every element HTML-AAM gives a role of its own but `<area>`, whose
/// link Chromium lists only once its image has loaded.
extension HTMLCorpus {
  static func applications() -> [(name: String, html: String)] {
    [
      ("sign-in form", signIn), ("settings", settings), ("dashboard", dashboard),
      ("data tables", dataTables), ("modal dialog", modalDialog), ("checkout", checkout),
      ("article", article), ("widgets", widgets), ("hidden content", hiddenContent),
    ]
  }

  static let signIn = """
    <!DOCTYPE html><html lang="en"><head><title>Sign in</title></head><body>
    <header><a href="/"><img src="/logo.svg" alt="Acme"></a></header>
    <main><h1>Sign in</h1>
    <form action="/session" method="post" aria-labelledby="signin-title">
    <h2 id="signin-title">Your account</h2>
    <p role="alert" hidden>Wrong password</p>
    <label for="email">Email</label>
    <input id="email" type="email" name="email" autocomplete="username" required>
    <label for="password">Password</label>
    <input id="password" type="password" name="password" required minlength="8">
    <label><input type="checkbox" name="remember"> Keep me signed in</label>
    <button type="submit">Sign in</button> <a href="/reset">Forgot your password?</a>
    </form>
    <form name="sso" action="/sso"><button>Sign in with your company</button></form>
    <p>New here? <a href="/join">Create an account</a></p></main>
    <footer><nav aria-label="Legal"><a href="/terms">Terms</a> · <a href="/privacy">Privacy</a></nav>
    </footer></body></html>
    """

  static let settings = """
    <main><h1>Settings</h1>
    <form aria-label="Settings">
    <fieldset><legend>Profile</legend>
    <label>Display name <input name="name" value="Ann Lee"></label>
    <label>Time zone <select name="tz"><option>Europe/Stockholm</option>
    <option selected>Asia/Tokyo</option></select></label>
    <label for="bio">About you</label><textarea id="bio" rows="3" placeholder="A sentence or two"></textarea>
    </fieldset>
    <fieldset disabled><legend>Billing <button type="button">Why?</button></legend>
    <label>Plan <select><option>Team</option><option>Business</option></select></label>
    <label><input type="radio" name="cycle" checked> Monthly</label>
    <label><input type="radio" name="cycle"> Yearly</label>
    <label>Seats <input type="number" value="12" min="1"></label>
    <button type="button">Change plan</button> <a href="/billing/history">Billing history</a>
    <fieldset><legend>Invoices</legend><label>Send to <input type="email" value="ap@acme.test"></label>
    </fieldset></fieldset>
    <fieldset><legend>Notifications</legend>
    <label><input type="checkbox" checked> Email me about comments</label>
    <label><input type="checkbox" disabled> Text messages <em>(coming soon)</em></label>
    <label>Digest <select name="digest" disabled><option>Daily</option><option>Weekly</option></select></label>
    <label>Language <select><optgroup label="Europe" disabled><option>Svenska</option></optgroup>
    <option>English</option></select></label>
    </fieldset>
    <div role="group" aria-labelledby="danger" aria-disabled="true"><h2 id="danger">Danger zone</h2>
    <button type="button">Delete account</button> <a href="/export">Export data</a></div>
    <p disabled>A paragraph cannot be disabled. <a href="/help" disabled>Nor can a link</a></p>
    <button type="submit">Save</button> <button type="reset">Undo changes</button>
    </form></main>
    """

  static let dashboard = """
    <header><h1>Storage</h1><nav aria-label="Sections"><ul>
    <li><a href="/" aria-current="page">Overview</a></li><li><a href="/files">Files</a></li>
    </ul></nav></header>
    <main>
    <section aria-labelledby="usage-title"><h2 id="usage-title">Usage</h2>
    <label for="disk">Disk</label> <meter id="disk" min="0" max="100" low="70" high="90" value="82">82%</meter>
    <label for="quota">Quota</label> <meter id="quota" value="0.4">40%</meter>
    <p>Upload: <progress max="100" value="30" aria-label="Upload progress">30%</progress></p>
    <label>Backup <progress max="1" value="0.75"></progress></label>
    <label for="sync">Sync</label> <progress id="sync"></progress>
    <form><input type="number" id="a" value="2" aria-label="First"> +
    <input type="number" id="b" value="3" aria-label="Second"> =
    <output name="total" for="a b">5</output></form>
    <label for="result">Result</label> <output id="result">Saved</output>
    </section>
    <section><h2>Alerts</h2><div role="status">All systems normal</div>
    <div role="alert">Disk almost full</div><div role="log" aria-label="Events">Backup done</div>
    <div role="timer" aria-label="Next backup">4:00</div></section>
    <aside aria-label="Tips"><p>Delete old backups to free space.</p></aside>
    <aside><p>Unnamed tips, in main.</p></aside>
    </main>
    """

  static let dataTables = """
    <main><h1>Invoices</h1>
    <table><caption>Open invoices, <time datetime="2026-11">November</time></caption>
    <thead><tr><th>Number</th><th>Customer</th><th>Due</th><th>Total</th><th></th></tr></thead>
    <tbody>
    <tr><th scope="row">1041</th><td>Ann Lee</td><td><time datetime="2026-12-01">1 Dec</time></td>
    <td>€ 120.00</td><td><a href="/i/1041">View</a>
    <button type="button" aria-label="Remind Ann Lee">Remind</button></td></tr>
    <tr><th>1042</th><td>Bo Chen</td><td>—</td><td>€ 80.50</td><td><a href="/i/1042">View</a></td></tr>
    <tr><td></td><th>Subtotal</th><td>€ 200.50</td></tr>
    </tbody>
    <tfoot><tr><td colspan="3">Total</td><td>€ 200.50</td><td></td></tr></tfoot></table>
    <table role="presentation"><tr><td><img src="/qr.png" alt="Payment QR code"></td>
    <td><p>Scan to pay</p><a href="/pay">or pay online</a></td></tr></table>
    <table role="none"><tr><th>Not</th><td>a table</td></tr></table>
    <table><tr><td>Layout</td><td>only</td></tr></table>
    <table role="grid" aria-label="Seats"><tr><th>Row</th><th>A</th><th>B</th></tr>
    <tr><th>1</th><td aria-selected="true">Free</td><td>Taken</td></tr></table>
    <ul role="list"><li>Styled list</li></ul><ol role="presentation"><li>Not a list</li></ol>
    <dl><dt>Paid</dt><dd>€ 1,200</dd><dt>Due</dt><dd>€ 200.50</dd></dl>
    </main>
    """

  static let modalDialog = """
    <div inert><header><h1>Projects</h1></header>
    <main><button type="button">New project</button><ul><li><a href="/p/1">Apollo</a></li></ul></main></div>
    <dialog id="rename"><form method="dialog"><h2>Rename</h2>
    <label>Name <input value="Apollo"></label><button>Save</button></form></dialog>
    <dialog open aria-labelledby="new-title"><h2 id="new-title">New project</h2>
    <form method="dialog"><label>Name <input name="name" required></label>
    <label>Template <select><option>Blank</option><option>Kanban</option></select></label>
    <menu><li><button value="cancel">Cancel</button></li><li><button value="create">Create</button></li></menu>
    </form></dialog>
    <div role="alertdialog" aria-modal="true" aria-labelledby="leave" aria-describedby="leave-text">
    <h2 id="leave">Leave without saving?</h2><p id="leave-text">Your changes will be lost.</p>
    <button>Leave</button><button>Stay</button></div>
    """

  static let checkout = """
    <main><h1>Checkout</h1><form aria-label="Checkout">
    <label>Full name <input type="text" name="name" autocomplete="name" required></label>
    <label>Email <input type="email" name="email"></label>
    <label>Phone <input type="tel" name="tel"></label>
    <label>Website <input type="url" name="site" placeholder="https://"></label>
    <label>Find a store <input type="search" name="store"></label>
    <label>Promo code <input type="password" name="promo" value="SPRING"></label>
    <label>Quantity <input type="number" value="1" min="1"></label>
    <label>Tip <input type="range" min="0" max="20" value="10"></label>
    <label>Delivery date <input type="date" name="date"></label>
    <label>Card expires <input type="month" name="expiry"></label>
    <label>Week <input type="week"></label> <label>Time <input type="time"></label>
    <label>Pick-up <input type="datetime-local"></label> <label>Gift wrap colour <input type="color"></label>
    <label>Receipt scan <input type="file"></label>
    <label>City <input list="cities" name="city"></label>
    <datalist id="cities"><option value="Stockholm"><option value="Tokyo"></datalist>
    <label>Country <select name="country"><option>Sweden</option><option>Japan</option></select></label>
    <label>Card <select required><option value="">Choose a card</option><option>Visa</option></select></label>
    <label>Extras <select multiple><option selected>Gift card</option><option>Bag</option></select></label>
    <label>Box <select size="3"><option>Small</option><option>Large</option></select></label>
    <label>Shipping <select><option disabled>Express (sold out)</option><option>Standard</option></select></label>
    <label>Voucher <input value="XMAS" readonly></label>
    <label><input type="checkbox" required> I accept the terms</label>
    <label><input type="checkbox" readonly> Read-only does not apply to a check box</label>
    <label>Notes <textarea required>Leave at the door</textarea></label>
    <label>Send <input type="number" value="2" aria-label="Copies"> copies of the receipt to
    <input type="email" value="me@example.test"> <input type="checkbox"></label>
    <input type="hidden" name="token" value="a1b2">
    <input type="submit"> <input type="reset"> <input type="button" value="Back">
    <input type="image" src="/pay.png" alt="Pay now"> <input type="image" src="/go.png">
    </form></main>
    """

  static let article = """
    <header><nav aria-label="Main"><menu><li><a href="/">Home</a></li>
    <li><a href="/blog" aria-current="page">Blog</a></li></menu></nav>
    <search><form action="/search"><input type="search" name="q" aria-label="Search the blog">
    <button>Search</button></form></search></header>
    <main><article>
    <header><hgroup><h1>Measuring water</h1><p>Notes from a field trip</p></hgroup>
    <p>By <a href="/ann">Ann</a>, <time datetime="2026-11-20">20 November</time></p></header>
    <section aria-label="Summary"><p>The <dfn>flow rate</dfn> is volume per time:
    <math><mi>Q</mi><mo>=</mo><mi>V</mi><mo>/</mo><mi>t</mi></math>.</p></section>
    <section><h2>Method</h2><p>Use <code>flow --rate</code>; H<sub>2</sub>O at 4 °C, 10<sup>3</sup> kg.</p>
    <pre>flow --rate 2.5</pre><p><del>Yesterday</del> <ins>Today</ins> we saw a <mark>dry</mark> bed.</p>
    <aside><p>Aside in a section, unnamed.</p></aside>
    <aside aria-label="Safety"><p>Wear boots.</p></aside></section>
    <section title="Pictures"><figure><img src="/river.jpg" alt="The river at noon">
    <figcaption>The river at noon</figcaption></figure>
    <img src="/divider.png" alt=""><img src="/unknown.png">
    <svg width="40" height="20" role="img"><title>Water level</title><rect width="40" height="10"/></svg></section>
    <blockquote><p>Water is the driving force of all nature.</p></blockquote>
    <details><summary>Equipment</summary><ul><li>Flow meter</li></ul></details>
    <details open><summary>Sources</summary><ol><li><a href="/s/1">Survey 2025</a></li></ol></details>
    <dl><dt><abbr title="Cubic metres per second">m³/s</abbr></dt><dd>The unit of flow</dd></dl>
    <hr><footer><address>Written by <a href="mailto:ann@example.test">Ann</a></address></footer>
    </article></main>
    <footer><p>© 2026 Field notes</p></footer>
    """

  static let widgets = """
    <div role="tablist" aria-label="Views"><button role="tab" aria-selected="true">Board</button>
    <button role="tab" aria-selected="false">List</button></div>
    <div role="tabpanel" aria-label="Board"><div role="toolbar" aria-label="Format">
    <button aria-pressed="true">Bold</button><button aria-pressed="mixed">Italic</button></div>
    <div role="menu" aria-label="Actions"><div role="menuitem">Archive</div>
    <div role="menuitemcheckbox" aria-checked="true">Pinned</div></div>
    <ul role="tree" aria-label="Folders"><li role="treeitem" aria-expanded="true">Inbox</li></ul>
    <div role="switch" aria-checked="true" tabindex="0">Dark mode</div>
    <div role="radiogroup" aria-label="Size"><div role="radio" aria-checked="false">S</div>
    <div role="radio" aria-checked="true">M</div></div>
    <div role="foo button" tabindex="0">First known role</div><div role="Button">Capitalised</div>
    <div role="widget">Abstract role</div><div role="region">Unnamed region</div>
    <section aria-label="  ">Blank name</section>
    <button role="none">Focusable, so still a button</button>
    <h2 role="presentation" aria-label="Labelled heading">Still a heading</h2>
    <span role="none"><a href="/x">Link in a span</a></span>
    <ul role="none"><li role="listitem">Own role</li><li>No role</li></ul>
    <div role="directory"><div role="listitem">Old list</div></div>
    <div role="note">Note</div><div role="combobox" aria-expanded="false" aria-label="Tags" tabindex="0"></div>
    <div role="slider" aria-valuenow="3" aria-label="Zoom" tabindex="0"></div>
    <div role="checkbox" aria-checked="mixed" aria-readonly="true" tabindex="0">All</div>
    <div role="textbox" aria-required="true" aria-label="Comment" contenteditable="true"></div>
    <p aria-hidden="false"><a href="/y">Shown</a></p></div>
    """

  static let hiddenContent = """
    <h1>Hidden things</h1>
    <p hidden>Hidden paragraph <button>Hidden</button></p>
    <div hidden="until-found"><a href="/a">Until found</a></div>
    <div aria-hidden="true"><h2>Decoration</h2><a href="/b">Unreachable</a></div>
    <div inert><button>Inert</button></div>
    <div style="color: red; display: none"><button>Styled away</button></div>
    <div style="display:none !important"><a href="/c">Important</a></div>
    <div style="display: block"><button>Shown by its style</button></div>
    <template><button>In a template</button></template>
    <noscript><a href="/no-js">Without scripts</a></noscript>
    <dialog><button>In a closed dialog</button></dialog>
    <details><summary>Closed</summary><button>Folded</button></details>
    <datalist id="l"><option value="Suggestion"></datalist>
    <input type="hidden" value="secret"><button>Visible</button>
    """
}
