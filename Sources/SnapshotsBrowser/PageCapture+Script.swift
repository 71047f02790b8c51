import Foundation

extension PageCapture {
  /// The scripts run in the page: facts of the page only the browser knows.
  enum Script {
    /// Waits for the load event (stylesheets, images, scripts), the web fonts, and a turn of
    /// the event loop, in which the page's scripts start what they start once it has loaded;
    /// then gives the value of `script`, an expression, if any.
    static func loaded(then script: String?) -> String {
      """
      (async () => {
        if (document.readyState !== "complete")
          await new Promise(done => addEventListener("load", done, { once: true }));
        await document.fonts.ready;
        await new Promise(done => setTimeout(done, 0));
        return \(script ?? "{}");
      })()
      """
    }

    /// Turns transitions and the caret off, from the start of every document the page loads
    /// (a page's own markup could not undo it, and its first frame is drawn as the last).
    static let still = """
      if (!document.getElementById("swift-snapshots-still")) {
        const still = document.createElement("style");
        still.id = "swift-snapshots-still";
        still.textContent = "*, *::before, *::after { transition: none !important; "
          + "caret-color: transparent !important; }";
        (document.head ?? document.documentElement)?.append(still);
      }
      """

    /// ``still`` as soon as a document has its root element, before its first frame.
    static let atDocumentStart = """
      (() => {
        const apply = () => { \(still) };
        if (document.documentElement) return apply();
        new MutationObserver((_, observer) => {
          if (!document.documentElement) return;
          observer.disconnect();
          apply();
        }).observe(document, { childList: true });
      })()
      """

    /// Stills the page (animations at their end, or gone when they never end; no transition,
    /// no caret, where the document was not loaded with them off) and measures the area and
    /// the masks, in CSS pixels from the document's top left; the screenshot that follows
    /// draws a frame of its own.
    static func settled(area: Area, masks: [String]) -> String {
      let encoder = JSONEncoder()
      let arguments = [area.json(encoder), masks.json(encoder)].joined(separator: ",")
      return """
        (async ([area, masks]) => {
          \(still)
          for (const animation of document.getAnimations()) {
            const end = animation.effect?.getComputedTiming().endTime;
            if (Number.isFinite(end)) animation.finish(); else animation.cancel();
          }
          await document.fonts.ready;
          const box = element => {
            const r = element.getBoundingClientRect();
            return [r.left + scrollX, r.top + scrollY, r.width, r.height];
          };
          let clip = [scrollX, scrollY, innerWidth, innerHeight];
          if (area.fullPage) {
            const root = document.documentElement, body = document.body ?? root;
            clip = [0, 0, Math.max(root.scrollWidth, body.scrollWidth, innerWidth),
                    Math.max(root.scrollHeight, body.scrollHeight, innerHeight)];
          } else if (area.selector !== undefined) {
            const element = document.querySelector(area.selector);
            if (!element) return { missing: area.selector };
            clip = box(element);
            if (clip[2] <= 0 || clip[3] <= 0) return { empty: area.selector };
          }
          const boxes = [];
          for (const selector of masks) {
            const found = document.querySelectorAll(selector);
            if (found.length === 0) return { missing: selector, mask: true };
            for (const element of found) boxes.push(box(element));
          }
          return { clip, boxes };
        })([\(arguments)])
        """
    }

    /// What a screenshot captures, as ``settled(area:masks:)`` reads it: one field set.
    struct Area: Encodable {
      var viewport: Bool?
      var fullPage: Bool?
      var selector: String?
    }

    /// ``settled(area:masks:)``'s value: the area and the masks' boxes (`[left, top, width,
    /// height]`), or what it could not find; a page measured by no script gives none of them.
    struct Geometry: Decodable, Sendable {
      var missing: String?
      /// Whether ``missing`` is a mask's selector.
      var mask: Bool?
      var empty: String?
      var clip: [Double]?
      var boxes: [[Double]]?
    }
  }
}

extension Encodable {
  /// The value as JSON text for a script.
  fileprivate func json(_ encoder: JSONEncoder) -> String {
    String(decoding: (try? encoder.encode(self)) ?? Data("null".utf8), as: UTF8.self)
  }
}
