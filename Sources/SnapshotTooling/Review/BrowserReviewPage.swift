/// The browser review's page: the gallery's style (its diff, panes, slider and onion skin), a
/// list that draws only the rows in view, and each change's detail fetched when it is chosen, so
/// that 100,000 changes cost a list of short rows, not a page of 100,000 articles.
///
/// Stable hooks, part of the format: each row has `data-id` and `data-state` (`pending`,
/// `accepted`, `rejected`, `skipped`, `refused`) and `data-kind` (`group`, `change`); the
/// detail is `#detail` with `data-id`; its buttons are named Accept, Reject and Skip.
enum BrowserReviewPage {
  static let html = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Review of pending snapshots</title>
    <link rel="icon" href="data:,">
    <style>\(GalleryAssets.style)\(style)</style>
    </head>
    <body>
    <header>
    <h1>Review of pending snapshots</h1>
    <p class="summary"><span id="tally">Loading…</span> · keys: j/k next/previous, a accept, r reject, s skip, v view, / search, ? help</p>
    <div class="controls">
    <label>Search <input type="search" id="search" placeholder="test, reference or id" aria-label="search"></label>
    <span id="shown" aria-live="polite"></span>
    <button type="button" id="finish">Finish the review</button>
    </div>
    <p id="message" role="status" aria-live="polite"></p>
    </header>
    <div id="columns">
    <div id="list" role="listbox" aria-label="changes" tabindex="0"><div id="spacer"></div></div>
    <main id="detail" aria-live="polite"></main>
    </div>
    <div id="help" hidden role="dialog" aria-label="keys">
    <p><b>j</b> or ↓ next · <b>k</b> or ↑ previous · <b>a</b> accept · <b>r</b> reject · <b>s</b> skip (stays pending)
    · <b>v</b> next view (diff, new, old; side by side, slider, onion skin, difference) · <b>/</b> search · <b>?</b> this help.</p>
    <p>A group's keys decide its hunk in every change of it still open; what else those changes change stays pending. Accepting writes at once;
    closing the tab, or Ctrl-C in the terminal, leaves every change not decided pending.</p>
    </div>
    <script>\(script)</script>
    </body>
    </html>

    """

  static let style = #"""
    body { height: 100vh; display: flex; flex-direction: column; }
    #columns { flex: 1; display: flex; min-height: 0; }
    #list { width: 38%; min-width: 280px; overflow-y: auto; position: relative; border-right: 1px solid var(--line); }
    #spacer { position: relative; }
    .row { position: absolute; left: 0; right: 0; height: 28px; padding: 4px 8px; white-space: nowrap; overflow: hidden;
      text-overflow: ellipsis; cursor: pointer; font-size: 13px; border-bottom: 1px solid var(--line); }
    .row[aria-selected="true"] { background: var(--accent); color: var(--bg); }
    .row .state { display: inline-block; width: 72px; font-size: 11px; text-transform: uppercase; }
    .row[data-state="accepted"] .state { color: var(--add-fg); } .row[data-state="rejected"] .state,
    .row[data-state="refused"] .state { color: var(--remove-fg); }
    #detail { flex: 1; overflow: auto; padding: 12px 16px; }
    #detail pre.diff, #detail pre.text { max-height: none; }
    .buttons { display: flex; gap: 8px; margin: 8px 0; flex-wrap: wrap; }
    .refusal { color: var(--remove-fg); font-weight: 600; }
    #message { margin: 4px 0 0; min-height: 1.4em; }
    #help { position: fixed; top: 20%; left: 20%; right: 20%; background: var(--card); border: 1px solid var(--line);
      padding: 12px; z-index: 4; }
    """#

  static let script = #"""
    (() => {
      const ROW = 28;
      const list = document.getElementById('list'), spacer = document.getElementById('spacer');
      const detail = document.getElementById('detail'), search = document.getElementById('search');
      const message = document.getElementById('message'), tally = document.getElementById('tally');
      const shownText = document.getElementById('shown'), help = document.getElementById('help');
      let entries = [], shown = [], selected = 0, views = [], view = 0, viewFamily = '', refusals = {};
      const byId = new Map();
      const say = (text) => { message.textContent = text; };
      // A group's members that have not come yet are as the tool started them: pending.
      const memberState = (id) => byId.get(id)?.state ?? 'pending';
      const openMembers = (group) => group.members.filter((id) => ['pending', 'skipped', 'refused'].includes(memberState(id)));
      const stateOf = (entry) => {
        if (entry.kind === 'change') return entry.state;
        if (entry.decided) return 'decided';
        const open = openMembers(entry);
        if (open.length === 0) return 'decided';
        return open.every((id) => memberState(id) === 'skipped') ? 'skipped' : 'pending';
      };
      const isOpen = (entry) => ['pending', 'refused'].includes(stateOf(entry));
      const count = () => {
        const counts = {};
        for (const entry of entries) if (entry.kind === 'change') counts[entry.state] = (counts[entry.state] || 0) + 1;
        tally.textContent = ['pending', 'accepted', 'rejected', 'skipped', 'refused']
          .filter((name) => counts[name]).map((name) => `${counts[name]} ${name}`).join(' · ') || 'nothing pending';
      };
      const text = (tag, content, className) => {
        const element = document.createElement(tag);
        element.textContent = content;
        if (className) element.className = className;
        return element;
      };

      // The list draws the rows in view, and a few more.
      const draw = () => {
        spacer.style.height = `${shown.length * ROW}px`;
        const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
        const last = Math.min(shown.length, first + Math.ceil(list.clientHeight / ROW) + 10);
        const rows = [];
        for (let index = first; index < last; index += 1) {
          const entry = shown[index];
          const row = document.createElement('div');
          row.className = 'row';
          row.setAttribute('role', 'option');
          row.style.top = `${index * ROW}px`;
          row.dataset.id = entry.id;
          row.dataset.kind = entry.kind;
          row.dataset.state = stateOf(entry);
          row.dataset.index = String(index);
          row.setAttribute('aria-selected', String(index === selected));
          row.append(text('span', row.dataset.state, 'state'), document.createTextNode(entry.title));
          rows.push(row);
        }
        spacer.replaceChildren(...rows);
        shownText.textContent = `Showing ${shown.length} of ${entries.length}`;
      };
      list.addEventListener('scroll', draw);
      window.addEventListener('resize', draw);
      const matching = () => {
        const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
        return words.length ? entries.filter((entry) => words.every((word) => entry.hay.includes(word))) : entries;
      };
      const filter = () => {
        shown = matching();
        selected = 0;
        list.scrollTop = 0;
        draw();
        open();
      };
      search.addEventListener('input', filter);

      const select = (index) => {
        if (!shown.length) return;
        selected = Math.max(0, Math.min(shown.length - 1, index));
        const top = selected * ROW;
        if (top < list.scrollTop) list.scrollTop = top;
        if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
        draw();
        open();
      };
      list.addEventListener('click', (event) => {
        const row = event.target.closest('.row');
        if (row) select(Number(row.dataset.index));
      });

      // The detail: a group's lines and places, or a change's header and views.
      const buttons = (entry) => {
        const box = document.createElement('div');
        box.className = 'buttons';
        for (const [name, decision] of [['Accept', 'accept'], ['Reject', 'reject'], ['Skip', 'skip']]) {
          const button = text('button', name);
          button.type = 'button';
          button.addEventListener('click', () => decide(entry, decision));
          box.append(button);
        }
        return box;
      };
      const open = () => {
        const entry = shown[selected];
        detail.replaceChildren();
        delete detail.dataset.id;
        if (!entry) return;
        detail.dataset.id = entry.id;
        if (entry.kind === 'group') {
          detail.append(text('h2', `Group ${entry.id}: the same change in ${entry.members.length} references (${openMembers(entry).length} open)`),
            text('p', entry.headline, 'note'), buttons(entry));
          const diff = document.createElement('pre');
          diff.className = 'diff';
          diff.append(...entry.removed.map((line) => text('span', '-' + line, 'remove')),
            ...entry.added.map((line) => text('span', '+' + line, 'add')));
          const places = entry.members.slice(0, 200).map((id) => `${byId.get(id)?.place ?? id} · ${memberState(id)}`);
          if (entry.members.length > 200) places.push(`… and ${entry.members.length - 200} more`);
          detail.append(diff, text('h3', 'In'), text('pre', places.join('\n'), 'text'));
          return;
        }
        fetch('change/' + entry.id).then((response) => response.json()).then((change) => {
          if (detail.dataset.id !== entry.id) return;
          detail.append(text('pre', change.header.join('\n'), 'text'));
          if (refusals[entry.id]) detail.append(text('p', 'Refused: ' + refusals[entry.id], 'refusal'));
          detail.append(text('p', `State: ${entry.state}`, 'note'), buttons(entry));
          if (change.summary) detail.append(text('p', change.summary, 'note'));
          const body = document.createElement('div');
          body.id = 'view';
          detail.append(body);
          // The view stays as it was from change to change, while they are of a kind.
          const family = change.images.length ? 'image' : 'text';
          views = family === 'image' ? imageViews(change) : textViews(change);
          if (family !== viewFamily) view = 0;
          viewFamily = family;
          view = Math.min(view, views.length - 1);
          showView();
        });
      };
      const showView = () => {
        const body = document.getElementById('view');
        if (!body || !views.length) return;
        const [name, make] = views[view];
        body.replaceChildren(text('p', `View: ${name} (v switches)`, 'note'), make());
      };
      const textViews = (change) => [
        ['diff', () => {
          const pre = document.createElement('pre');
          pre.className = 'diff';
          pre.append(...(change.diff || []).map(([kind, line]) => text('span', line, kind)));
          return pre;
        }],
        ['new', () => text('pre', change.new ?? '(no new text: the inline snapshot is removed)', 'text')],
        ['old', () => text('pre', change.old ?? '(no reference yet)', 'text')],
      ];
      const image = (id, side) => {
        const element = document.createElement('img');
        element.src = `image/${id}/${side}`;
        element.alt = side;
        return element;
      };
      const layered = (change, kind, input, property, scale) => () => {
        const box = document.createElement('div');
        const stack = document.createElement('div');
        stack.className = kind;
        stack.style.setProperty(property, scale(50));
        const over = image(change.id, 'new');
        over.className = 'over';
        stack.append(image(change.id, 'old'), over);
        const range = document.createElement('input');
        Object.assign(range, { type: 'range', min: 0, max: 100, value: 50, className: input });
        range.setAttribute('aria-label', kind === 'slider' ? 'slider between reference and actual' : 'onion skin blend');
        range.addEventListener('input', () => stack.style.setProperty(property, scale(range.value)));
        box.append(stack, range);
        return box;
      };
      const imageViews = (change) => {
        const has = (side) => change.images.includes(side);
        const views = [['side by side', () => {
          const panes = document.createElement('div');
          panes.className = 'panes';
          for (const side of change.images) {
            const figure = document.createElement('figure');
            figure.append(text('figcaption', side), image(change.id, side));
            panes.append(figure);
          }
          return panes;
        }]];
        if (has('old') && has('new')) {
          views.push(['slider', layered(change, 'slider', 'split', '--split', (value) => value + '%')]);
          views.push(['onion skin', layered(change, 'onion', 'blend', '--blend', (value) => String(value / 100))]);
        }
        if (has('difference')) views.push(['difference', () => image(change.id, 'difference')]);
        return views;
      };

      // Decisions go to the tool, which writes them at once.
      const decide = (entry, decision) => {
        say(`${decision}ing ${entry.kind === 'group' ? 'the group' : 'the change'} ${entry.id}…`);
        fetch('decide', { method: 'POST', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ids: [entry.id], decision }) })
          .then((response) => response.ok ? response.json() : response.text().then((why) => Promise.reject(why)))
          .then((result) => {
            for (const [id, state] of Object.entries(result.states)) {
              if (byId.has(id)) byId.get(id).state = state;
            }
            refusals = result.refusals;
            // A group's decision leaves what else its changes change pending: the group stays
            // listed as decided, and the groups that what is left forms are added.
            if (result.groups) {
              if (decision !== 'skip') entry.decided = true;
              const listed = entries.filter((other) => other.kind === 'group');
              const known = new Set(listed.map((other) => other.id));
              const fresh = grouped(result.groups.filter((group) => !known.has(group.id)));
              entries = [...listed, ...fresh, ...entries.filter((other) => other.kind !== 'group')];
              shown = matching();
            }
            const decided = Object.keys(result.states);
            const refused = decided.filter((id) => result.states[id] === 'refused');
            say(refused.length
              ? `Refused ${refused.length} of ${decided.length}: ${refusals[refused[0]]}`
              : `${decision === 'skip' ? 'Skipped' : decision === 'accept' ? 'Accepted' : 'Rejected'} ${decided.length}.`);
            count();
            if (refused.length) { draw(); open(); return; }
            const next = shown.findIndex((other, index) => index > selected && isOpen(other));
            const again = next >= 0 ? next : shown.findIndex(isOpen);
            select(again >= 0 ? again : selected);
          })
          .catch((why) => say(`Not decided: ${why}`));
      };
      document.getElementById('finish').addEventListener('click', () => {
        fetch('finish', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
          .then((response) => response.json()).then((result) => {
            document.body.replaceChildren(text('p', result.summary + ' The review is over: this tab can be closed.'));
          });
      });

      document.addEventListener('keydown', (event) => {
        if (event.target === search) {
          if (event.key === 'Escape' || event.key === 'Enter') list.focus();
          return;
        }
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        const entry = shown[selected];
        const keys = {
          j: () => select(selected + 1), ArrowDown: () => select(selected + 1),
          k: () => select(selected - 1), ArrowUp: () => select(selected - 1),
          a: () => entry && decide(entry, 'accept'), r: () => entry && decide(entry, 'reject'),
          s: () => entry && decide(entry, 'skip'),
          v: () => { if (views.length) { view = (view + 1) % views.length; showView(); } },
          '/': () => search.focus(), '?': () => { help.hidden = !help.hidden; },
          Escape: () => { help.hidden = true; },
        };
        if (keys[event.key]) {
          event.preventDefault();
          keys[event.key]();
        }
      });

      // The first rows come first, with the groups; the rest follow, and are searched as they come.
      const first = 500;
      const rows = (listing) => listing.rows.map(([id, state, status, format, test, place]) => {
        const change = { kind: 'change', id, state, status, format, test, place,
          title: `${status} ${format} · ${test} · ${place}`, hay: `${id} ${test} ${place}`.toLowerCase() };
        byId.set(id, change);
        return change;
      });
      const grouped = (groups) => groups.map((group) => ({
        kind: 'group', ...group, title: `group ${group.id} · ${group.headline}`,
        hay: `${group.id} ${group.headline}`.toLowerCase(),
      }));
      const part = (from, count) => fetch(`changes?from=${from}&count=${count}`).then((response) => response.json());
      part(0, first).then((listing) => {
        document.title = `Review of ${listing.package}`;
        refusals = listing.refusals;
        const changes = rows(listing);
        entries = [...grouped(listing.groups), ...changes];
        count();
        filter();
        list.focus();
        if (listing.total <= first) return;
        part(first, listing.total).then((rest) => {
          entries = entries.concat(rows(rest));
          count();
          shown = matching();
          draw();
        });
      });
    })();
    """#
}
