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
    [hidden] { display: none !important; }
    """#

  static let script = #"""
    (() => {
      const root = document.documentElement;
      const all = [...document.querySelectorAll('[data-snapshot]')];
      const dark = document.getElementById('dark-mode');
      const setDark = (on) => {
        root.dataset.theme = on ? 'dark' : 'light';
        dark.setAttribute('aria-pressed', String(on));
      };
      setDark(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
      dark.addEventListener('click', () => setDark(root.dataset.theme !== 'dark'));

      // Filters and search: an item shows when every control agrees.
      const search = document.getElementById('search');
      const filters = [...document.querySelectorAll('select[data-filter]')];
      const shown = document.getElementById('shown');
      const apply = () => {
        const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
        let count = 0;
        for (const item of all) {
          let ok = words.every((word) => item.dataset.search.includes(word));
          for (const filter of filters) {
            if (!ok || !filter.value) continue;
            const key = filter.dataset.filter;
            const value = key.startsWith('axis-') ? item.getAttribute('data-' + key) : item.dataset[key];
            ok = value === filter.value;
          }
          item.hidden = !ok;
          if (ok) count += 1;
        }
        for (const group of document.querySelectorAll('section.test, section.file')) {
          group.hidden = !group.querySelector('[data-snapshot]:not([hidden])');
        }
        shown.textContent = `Showing ${count} of ${all.length}`;
      };
      search.addEventListener('input', apply);
      filters.forEach((filter) => filter.addEventListener('change', apply));
      shown.textContent = `Showing ${all.length} of ${all.length}`;
      // `gallery.html#search=WORDS`, what a terminal review's `o` opens, starts searching.
      const asked = new URLSearchParams(location.hash.slice(1)).get('search');
      if (asked) {
        search.value = asked;
        apply();
      }

      // Compare: two values of one axis side by side, for every pair of siblings.
      const axis = document.getElementById('compare-axis');
      const left = document.getElementById('compare-left');
      const right = document.getElementById('compare-right');
      const compare = document.getElementById('compare');
      // Each option's value is the axis's name as its attributes spell it.
      const values = (name) => [...new Set(all.map((item) => item.getAttribute('data-axis-' + name)).filter((v) => v !== null))];
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
      const render = () => {
        compare.replaceChildren();
        compare.hidden = !axis.value;
        if (!axis.value) return;
        const name = axis.value;
        const heading = document.createElement('h2');
        heading.textContent = `Compare ${axis.selectedOptions[0].text}: ${left.value} | ${right.value}`;
        compare.append(heading);
        for (const item of all) {
          if (item.getAttribute('data-axis-' + name) !== left.value) continue;
          const key = item.getAttribute('data-key-' + name);
          const partner = all.find((other) => other.getAttribute('data-key-' + name) === key
            && other.getAttribute('data-axis-' + name) === right.value);
          if (!partner) continue;
          const pair = document.createElement('div');
          pair.className = 'pair';
          pair.dataset.compare = item.dataset.snapshot;
          for (const source of [item, partner]) {
            const copy = source.cloneNode(true);
            copy.removeAttribute('data-snapshot');
            copy.hidden = false;
            pair.append(copy);
          }
          compare.append(pair);
        }
      };
      axis?.addEventListener('change', fill);
      left?.addEventListener('change', render);
      right?.addEventListener('change', render);

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
          images = [...document.querySelectorAll('.snapshot:not([hidden]) figure img')]
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
