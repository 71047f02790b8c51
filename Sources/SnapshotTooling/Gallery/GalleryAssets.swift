/// The gallery page's style and script, written inline so the page needs nothing else.
enum GalleryAssets {
  static let style = #"""
    :root { --bg: #fafafa; --fg: #1b1b1f; --card: #fff; --line: #d9d9de; --muted: #666;
      --add: #d7f5dd; --add-fg: #0b6b22; --remove: #fbdada; --remove-fg: #9b1c1c; --accent: #2b5fd9; }
    :root[data-theme="dark"] { --bg: #16161a; --fg: #e8e8ec; --card: #202026; --line: #3a3a44;
      --muted: #a0a0aa; --add: #17361f; --add-fg: #8fe0a2; --remove: #3d1a1a; --remove-fg: #f3a3a3; --accent: #8fb0ff; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
    header { position: sticky; top: 0; z-index: 2; background: var(--bg); border-bottom: 1px solid var(--line);
      padding: 8px 16px; }
    h1 { font-size: 18px; margin: 0; } .summary { margin: 2px 0 6px; color: var(--muted); }
    .controls { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; }
    input, select, button { font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--line);
      border-radius: 4px; padding: 2px 6px; }
    main { padding: 12px 16px; } h2 { font-size: 16px; margin: 18px 0 8px; } h3 { font-size: 14px; margin: 10px 0 6px; }
    h4 { font-size: 13px; margin: 0 0 6px; word-break: break-word; }
    .items, #review, #compare { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 10px; }
    #review > h2, #compare > h2 { grid-column: 1 / -1; }
    #review { grid-template-columns: 1fr; }
    .snapshot { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 8px; min-width: 0;
      content-visibility: auto; contain-intrinsic-size: auto 320px; }
    .snapshot[data-status="failed"] { border-color: var(--remove-fg); }
    .snapshot[data-status="new"] { border-color: var(--accent); }
    .snapshot img { max-width: 100%; height: auto; image-rendering: pixelated; cursor: zoom-in;
      background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 12px 12px; }
    .snapshot figure { margin: 0; }
    .items figure img { width: 100%; max-height: 240px; object-fit: contain; }
    .panes figure img { width: 160px; }
    pre { margin: 0; padding: 6px; overflow: auto; max-height: 320px; background: var(--bg); border-radius: 4px; font-size: 12px; }
    /* A text reference wraps its long lines rather than hiding them behind a scroll bar, and takes two
       columns where the page has two. */
    pre.text { white-space: pre-wrap; overflow-wrap: anywhere; }
    figure.rendered iframe { width: 100%; height: 16em; border: 1px solid var(--line); background: #fff; }
    @media (min-width: 640px) { .items .snapshot:not([data-format="png"]) { grid-column: span 2; } }
    .diff .add { background: var(--add); color: var(--add-fg); display: block; }
    .diff .remove { background: var(--remove); color: var(--remove-fg); display: block; }
    .diff .hunk { color: var(--accent); display: block; } .diff .same { display: block; }
    .diff span { min-height: 1.4em; white-space: pre; }
    .path, .note { color: var(--muted); font-size: 12px; margin: 6px 0 0; word-break: break-all; }
    .size-mismatch { color: var(--remove-fg); font-weight: 600; }
    .panes { display: flex; flex-wrap: wrap; gap: 10px; } .panes figure { margin: 0; max-width: 32%; }
    figcaption { font-size: 12px; color: var(--muted); }
    .tools { display: flex; flex-wrap: wrap; gap: 24px; }
    .slider, .onion { position: relative; display: block; width: 240px; max-width: 100%; margin-top: 10px; }
    .slider img, .onion img { display: block; width: 100%; }
    .slider + label, .onion + label { display: block; margin-top: 4px; }
    .slider .over, .onion .over { position: absolute; inset: 0; width: 100%; height: 100%; }
    .slider .over { clip-path: inset(0 0 0 var(--split)); } .onion .over { opacity: var(--blend); }
    .accept { margin-top: 8px; display: flex; gap: 6px; align-items: center; }
    .accept code { flex: 1; font-size: 12px; padding: 4px; background: var(--bg); border-radius: 4px; word-break: break-all; }
    .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; grid-column: 1 / -1; }
    #lightbox { position: fixed; inset: 0; z-index: 3; background: rgba(0, 0, 0, .85); display: flex;
      flex-direction: column; align-items: center; justify-content: center; }
    #lightbox[hidden] { display: none; }
    #lightbox img { max-width: 92vw; max-height: 82vh; image-rendering: pixelated; background: #fff; }
    #lightbox p { color: #eee; } #lightbox-close { position: absolute; top: 10px; right: 14px; font-size: 20px; }
    #more { min-height: 1px; }
    [hidden] { display: none !important; }
    """#

  static let script = #"""
    (() => {
      const root = document.documentElement;
      // The first screenful's records come before this script, every record after it: the first
      // screen is drawn while the browser still reads the rest of the page.
      const first = JSON.parse(document.getElementById('first').textContent);
      let data = first;
      const dark = document.getElementById('dark-mode');
      const setDark = (on) => {
        root.dataset.theme = on ? 'dark' : 'light';
        dark.setAttribute('aria-pressed', String(on));
      };
      setDark(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
      dark.addEventListener('click', () => setDark(root.dataset.theme !== 'dark'));

      // What is drawn: a queue of snapshots (and compare pairs), drawn a batch at a time while
      // the end of the page is near the screen.
      const review = document.getElementById('review');
      const gallery = document.getElementById('gallery');
      const compare = document.getElementById('compare');
      const sentinel = document.getElementById('more');
      const batch = Math.max(first.length, 1);
      let queue = [];
      let drawn = 0;
      let file = null;
      let test = null;
      let items = null;
      const element = (html) => {
        const template = document.createElement('template');
        template.innerHTML = html;
        return template.content.firstElementChild;
      };
      const section = (className, heading, level) => {
        const box = document.createElement('section');
        box.className = className;
        const title = document.createElement(level);
        title.textContent = heading;
        box.append(title);
        return box;
      };
      // A review snapshot goes to the review; another under its test file and test.
      const place = (record) => {
        const item = element(record.h);
        if (record.g === undefined) return review.append(item);
        if (record.g !== file) {
          file = record.g;
          test = null;
          gallery.append(section('file', file, 'h2'));
        }
        if (record.t !== test) {
          test = record.t;
          const box = section('test', test, 'h3');
          items = document.createElement('div');
          items.className = 'items';
          box.append(items);
          gallery.lastElementChild.append(box);
        }
        items.append(item);
      };
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more();
      }, { rootMargin: '1500px 0px' });
      const more = () => {
        const end = Math.min(drawn + batch, queue.length);
        for (; drawn < end; drawn += 1) queue[drawn]();
        // Observed again, so that a batch that leaves the end still near the screen draws the next.
        observer.unobserve(sentinel);
        if (drawn < queue.length) observer.observe(sentinel);
      };
      const draw = (steps) => {
        queue = steps;
        drawn = 0;
        file = test = items = null;
        review?.replaceChildren(review.firstElementChild);
        gallery.replaceChildren();
        more();
      };

      // Filters and search: a snapshot shows when every control agrees.
      const search = document.getElementById('search');
      const filters = [...document.querySelectorAll('select[data-filter]')];
      const shown = document.getElementById('shown');
      const field = (record, key) => {
        if (key.startsWith('axis-')) return record.a?.[key.slice(5)];
        return { status: record.s, format: record.f, environment: record.e }[key];
      };
      let matches = data;
      const apply = () => {
        const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
        const chosen = filters.filter((filter) => filter.value);
        matches = data.filter((record) => words.every((word) => record.q.includes(word))
          && chosen.every((filter) => field(record, filter.dataset.filter) === filter.value));
        count();
        render();
      };
      // What the sections and the count say of the matches.
      const count = () => {
        if (review) review.hidden = !matches.some((record) => record.g === undefined);
        gallery.hidden = !matches.some((record) => record.g !== undefined);
        shown.textContent = data === first ? 'Loading…' : `Showing ${matches.length} of ${data.length}`;
      };
      search.addEventListener('input', apply);
      filters.forEach((filter) => filter.addEventListener('change', apply));

      // Compare: two values of one axis side by side, for every pair of siblings.
      const axis = document.getElementById('compare-axis');
      const left = document.getElementById('compare-left');
      const right = document.getElementById('compare-right');
      // Each option's value is the axis's name as the records spell it.
      const values = (name) => [...new Set(data.map((record) => record.a?.[name]).filter((v) => v !== undefined))];
      const sides = [...document.querySelectorAll('.compare-side')];
      const fill = () => {
        const options = axis.value ? values(axis.value) : [];
        for (const side of sides) side.hidden = !axis.value;
        for (const [select, index] of [[left, 0], [right, 1]]) {
          select.replaceChildren(...options.map((value) => new Option(value, value)));
          select.value = options[Math.min(index, options.length - 1)] ?? '';
        }
        render();
      };
      const pair = (one, other) => () => {
        const box = document.createElement('div');
        box.className = 'pair';
        box.dataset.compare = element(one.h).dataset.snapshot;
        for (const record of [one, other]) {
          const copy = element(record.h);
          copy.removeAttribute('data-snapshot');
          box.append(copy);
        }
        compare.append(box);
      };
      const pairs = () => {
        compare.replaceChildren();
        compare.hidden = !axis?.value;
        if (!axis?.value) return [];
        const name = axis.value;
        const heading = document.createElement('h2');
        heading.textContent = `Compare ${axis.selectedOptions[0].text}: ${left.value} | ${right.value}`;
        compare.append(heading);
        const partners = new Map();
        for (const record of data) {
          if (record.a?.[name] === right.value) partners.set(record.k[name], record);
        }
        return data.filter((record) => record.a?.[name] === left.value && partners.has(record.k[name]))
          .map((record) => pair(record, partners.get(record.k[name])));
      };
      const render = () => draw([...pairs(), ...matches.map((record) => () => place(record))]);
      axis?.addEventListener('change', fill);
      left?.addEventListener('change', render);
      right?.addEventListener('change', render);

      // `gallery.html#search=WORDS`, what a terminal review's `o` opens, starts searching.
      search.value = new URLSearchParams(location.hash.slice(1)).get('search') ?? '';
      apply();
      document.addEventListener('DOMContentLoaded', () => {
        data = JSON.parse(document.getElementById('snapshots').textContent);
        // Nothing asked yet: what is drawn stays, and the rest follows it.
        if (search.value || filters.some((filter) => filter.value) || axis?.value) return apply();
        matches = data;
        count();
        queue = data.map((record) => () => place(record));
        more();
      });

      // Slider and onion skin.
      document.addEventListener('input', (event) => {
        const input = event.target;
        const box = input.closest('label')?.previousElementSibling;
        if (input.classList.contains('split') && box) box.style.setProperty('--split', input.value + '%');
        if (input.classList.contains('blend') && box) box.style.setProperty('--blend', String(input.value / 100));
      });

      // Lightbox over the images that are shown, stepped with the arrow keys.
      const lightbox = document.getElementById('lightbox');
      const image = document.getElementById('lightbox-image');
      const caption = document.getElementById('lightbox-caption');
      let images = [];
      let index = 0;
      const show = () => {
        const current = images[index];
        image.src = current.src;
        const item = current.closest('[data-snapshot]');
        caption.textContent = `${index + 1} / ${images.length} · ${item ? item.dataset.snapshot : current.alt}`;
      };
      const close = () => { lightbox.hidden = true; };
      document.addEventListener('click', (event) => {
        const target = event.target;
        if (target.tagName === 'IMG' && target.closest('.snapshot') && !target.closest('#lightbox')) {
          images = [...document.querySelectorAll('.snapshot figure img')]
            .filter((img) => !img.closest('[hidden]'));
          index = Math.max(0, images.indexOf(target));
          if (!images.length) return;
          lightbox.hidden = false;
          show();
        }
        const copy = target.closest && target.closest('button.copy');
        if (copy) {
          const done = () => { copy.textContent = 'Copied'; };
          const fallback = () => {
            const area = document.createElement('textarea');
            area.value = copy.dataset.command;
            document.body.append(area);
            area.select();
            document.execCommand('copy');
            area.remove();
            done();
          };
          if (navigator.clipboard) navigator.clipboard.writeText(copy.dataset.command).then(done, fallback);
          else fallback();
        }
      });
      document.getElementById('lightbox-close').addEventListener('click', close);
      document.addEventListener('keydown', (event) => {
        if (lightbox.hidden) return;
        if (event.key === 'Escape') close();
        if (event.key === 'ArrowRight') { index = (index + 1) % images.length; show(); }
        if (event.key === 'ArrowLeft') { index = (index - 1 + images.length) % images.length; show(); }
      });
    })();
    """#
}
