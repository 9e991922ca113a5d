// @ts-check
/**
 * The docsnav assistant in a browser, one plain script with no dependencies and no build step,
 * served as GET /assistant/widget.js. Two ways to run it, the same chat in both:
 *
 * - the widget: a docs site adds ONE tag,
 *     <script src="https://docs-backend.example/assistant/widget.js" data-domain="acme" data-key="…" async></script>
 *   and gets a launcher button and a chat panel (in a shadow root, so neither page's CSS leaks
 *   into the other); the server's address is taken from the tag's own src;
 * - the page: GET /assistant/{domain} loads it with data-mode="page" and it fills the page; the
 *   assistant key comes from the URL fragment (#key=…, never sent to a server, removed from the
 *   address bar at once), kept in sessionStorage, else from a field.
 *
 * Both POST the conversation to /v1/assistant/{domain}/message and read the answer as it streams
 * in, in the AI SDK v4 data stream protocol (one `CODE:JSON` part per line). Answer and page text
 * only ever becomes DOM text (textContent / Text nodes): never HTML.
 *
 * Data attributes: data-domain (required), data-key (the widget's assistant key), data-site (the
 * docs site's base URL for source links: the widget's default is the page's own origin; the
 * page's is ?site=…), data-title, data-version / data-language (the request's filter), data-fp.
 */
(() => {
  'use strict';

  const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
  const MAX_TURNS_KEPT = 30;
  const MAX_TURNS_SENT = 20;

  const script = ownScript();
  if (!script) return;
  const scriptSrc = script.src;
  const data = script.dataset;
  const mode = data.mode === 'page' ? 'page' : 'widget';
  const domain = data.domain ?? '';
  const prefix = `docsnav-assistant:${domain}`;

  /** The script element that loaded this file (async and deferred tags included). */
  function ownScript() {
    const current = document.currentScript;
    if (current instanceof HTMLScriptElement) return current;
    const tags = /** @type {NodeListOf<HTMLScriptElement>} */ (document.querySelectorAll('script[src*="/assistant/widget.js"]'));
    return tags.length > 0 ? tags[tags.length - 1] : undefined;
  }

  /** @param {() => void} run */
  function whenBodyReady(run) {
    if (document.body) run();
    else document.addEventListener('DOMContentLoaded', run, { once: true });
  }

  /**
   * An element with attributes (never event handlers or style: those are set in code) and
   * children; strings become Text nodes.
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, string | boolean | undefined>} [attributes]
   * @param {...(Node | string)} children
   * @returns {HTMLElementTagNameMap[K]}
   */
  function h(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === false || value === undefined) continue;
      node.setAttribute(name, value === true ? '' : value);
    }
    node.append(...children);
    return node;
  }

  /** sessionStorage, or a stand-in that keeps nothing where it is refused (sandboxed frames, privacy modes). */
  function session() {
    try {
      const storage = window.sessionStorage;
      const probe = `${prefix}:probe`;
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return storage;
    } catch {
      return { getItem: () => null, setItem: () => {}, removeItem: () => {} };
    }
  }

  function newId() {
    return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  }

  /**
   * The base URL source paths are resolved against, or undefined (then sources are shown as text).
   * @param {string | undefined | null} value
   */
  function siteBase(value) {
    if (!value) return undefined;
    try {
      const url = new URL(value, location.href);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
      url.hash = '';
      url.search = '';
      if (!url.pathname.endsWith('/')) url.pathname += '/';
      return url.href;
    } catch {
      return undefined;
    }
  }

  /**
   * A source's link: its site path appended to the site's base; only http(s).
   * @param {string} url
   * @param {string | undefined} base
   */
  function sourceHref(url, base) {
    if (!base) return undefined;
    try {
      const resolved = new URL(url.replace(/^\/+/, ''), base);
      return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : undefined;
    } catch {
      return undefined;
    }
  }

  /** "3 min", "2 h 5 min", "12 days": how long until a limit resets. @param {number} seconds */
  function duration(seconds) {
    if (seconds < 90) return `${seconds} s`;
    const minutes = Math.round(seconds / 60);
    if (minutes < 90) return `${minutes} min`;
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
    return `${Math.round(hours / 24)} days`;
  }

  /**
   * @typedef {{ id: string, url: string, title: string }} Source
   * @typedef {{ text: string, resetsAt?: string, retryAfter?: number }} TurnError
   * @typedef {{ id: string, question: string, answer: string, sources: Source[], error?: TurnError, stopped?: boolean, sent: boolean }} Turn
   * @typedef {{ threadId: string | null, turns: Turn[], open?: boolean }} Conversation
   */

  function mount() {
    const storage = session();
    const endpoint = new URL(`../v1/assistant/${domain}/message`, scriptSrc).href;
    const base = mode === 'page' ? siteBase(new URLSearchParams(location.search).get('site') ?? data.site) : siteBase(data.site ?? location.origin);
    const title = data.title || 'Ask the docs';
    const filter =
      data.version || data.language ? { ...(data.version ? { version: data.version } : {}), ...(data.language ? { language: data.language } : {}) } : null;

    // The key: the widget's from its tag; the page's from #key=… (then out of the address bar), sessionStorage, or its field.
    let key = mode === 'widget' ? (data.key ?? '') : pageKey();

    /** @type {Conversation} */
    let conversation = restore();

    const host = h('div', { 'data-docsnav-assistant': domain, class: `docsnav-assistant docsnav-assistant-${mode}` });
    const root = host.attachShadow({ mode: 'open' });
    style(root);

    const ids = { panel: 'panel', title: 'title', question: 'question', hint: 'hint', keyField: 'key', keyHelp: 'key-help' };
    const heading = h(mode === 'page' ? 'h1' : 'h2', { id: ids.title }, title);
    const newChat = h('button', { type: 'button', class: 'quiet new' }, 'New chat');
    const close = h('button', { type: 'button', class: 'quiet close', 'aria-label': 'Close the chat' }, '×');
    const log = h('div', { class: 'log', role: 'log', 'aria-labelledby': ids.title, 'aria-live': 'polite' });
    const status = h('p', { class: 'visually-hidden', role: 'status' });
    const question = h('textarea', {
      id: ids.question,
      name: 'question',
      rows: '2',
      maxlength: '10000',
      required: true,
      autocomplete: 'off',
      'aria-describedby': ids.hint,
    });
    const send = h('button', { type: 'submit', class: 'send' }, 'Send');
    const stop = h('button', { type: 'button', class: 'stop', hidden: true }, 'Stop');
    const form = h(
      'form',
      { class: 'ask', 'aria-label': 'Ask a question' },
      h('label', { for: ids.question }, 'Your question'),
      h('div', { class: 'row' }, question, send, stop),
      h('p', { id: ids.hint, class: 'hint' }, 'Enter sends, Shift+Enter adds a line.'),
    );
    const keyField = h('input', {
      id: ids.keyField,
      type: 'password',
      autocomplete: 'off',
      spellcheck: 'false',
      required: true,
      'aria-describedby': ids.keyHelp,
    });
    const keyError = h('p', { class: 'error', role: 'alert', hidden: true });
    const keyForm = h(
      'form',
      { class: 'keyform', hidden: true, 'aria-label': 'Set the assistant key' },
      h('label', { for: ids.keyField }, 'Assistant key'),
      h('div', { class: 'row' }, keyField, h('button', { type: 'submit' }, 'Use this key')),
      h(
        'p',
        { id: ids.keyHelp, class: 'hint' },
        `An assistant key of the project (docsnav key create --project … --kind assistant). It stays in this tab (sessionStorage). You can also open this page as ${location.origin}${location.pathname}#key=…`,
      ),
      keyError,
    );
    const forget = h('button', { type: 'button', class: 'quiet forget' }, 'Forget the key');
    const panel = h(
      'section',
      mode === 'widget'
        ? { id: ids.panel, class: 'panel', role: 'dialog', 'aria-labelledby': ids.title, hidden: true }
        : { id: ids.panel, class: 'panel', 'aria-labelledby': ids.title },
      h('header', {}, heading, h('div', { class: 'tools' }, newChat, ...(mode === 'widget' ? [close] : []))),
      log,
      status,
      form,
      ...(mode === 'page' ? [keyForm, h('footer', {}, forget)] : []),
    );
    const launcher = h('button', { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-controls': ids.panel }, title);
    root.append(h('div', { class: `app ${mode}` }, ...(mode === 'widget' ? [launcher] : []), panel));
    document.body.append(host);

    /** @type {AbortController | undefined} */
    let running;

    for (const turn of conversation.turns) log.append(renderTurn(turn).node);
    updateLog();
    if (mode === 'page') showKeyForm(!key);
    if (mode === 'widget' && conversation.open) setOpen(true, false);

    // Keyboard: Enter sends, Shift+Enter is a new line (and an IME's Enter composes).
    question.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = question.value.trim();
      if (!text || running) return;
      question.value = '';
      void ask(text);
    });
    stop.addEventListener('click', () => {
      running?.abort();
      question.focus();
    });
    newChat.addEventListener('click', () => {
      running?.abort();
      conversation = { threadId: null, turns: [], open: conversation.open };
      save();
      log.replaceChildren();
      updateLog();
      announce('New chat started.');
      question.focus();
    });
    if (mode === 'widget') {
      launcher.addEventListener('click', () => setOpen(panel.hidden, true));
      close.addEventListener('click', () => setOpen(false, true));
      panel.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          setOpen(false, true);
        }
      });
    } else {
      keyForm.addEventListener('submit', (event) => {
        event.preventDefault();
        const value = keyField.value.trim();
        if (!value) return;
        setKey(value);
        keyField.value = '';
        showKeyForm(false);
        question.focus();
      });
      forget.addEventListener('click', () => {
        setKey('');
        showKeyForm(true);
        keyField.focus();
      });
      window.addEventListener('hashchange', () => {
        const fromHash = keyFromFragment();
        if (fromHash) {
          setKey(fromHash);
          showKeyForm(false);
        }
      });
    }

    /** @param {boolean} open @param {boolean} moveFocus */
    function setOpen(open, moveFocus) {
      panel.hidden = !open;
      launcher.setAttribute('aria-expanded', String(open));
      conversation.open = open;
      save();
      if (!moveFocus) return;
      if (open) question.focus();
      else launcher.focus();
    }

    /** @param {boolean} show */
    function showKeyForm(show) {
      keyForm.hidden = !show;
      form.hidden = show;
      forget.hidden = show;
    }

    /** @param {string} [message] */
    function askForKey(message) {
      setKey('');
      showKeyForm(true);
      keyError.hidden = !message;
      keyError.textContent = message ?? '';
      keyField.focus();
    }

    /** @param {string} value */
    function setKey(value) {
      key = value;
      keyError.hidden = true;
      if (value) storage.setItem(`${prefix}:key`, value);
      else storage.removeItem(`${prefix}:key`);
    }

    function pageKey() {
      const fromHash = keyFromFragment();
      if (fromHash) {
        session().setItem(`${prefix}:key`, fromHash);
        return fromHash;
      }
      return session().getItem(`${prefix}:key`) ?? '';
    }

    /** The key in #key=…, which is then removed from the address bar (and so from history and bookmarks). */
    function keyFromFragment() {
      const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
      const value = fragment.get('key')?.trim();
      if (!value) return undefined;
      fragment.delete('key');
      const rest = fragment.toString();
      history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
      return value;
    }

    /** @returns {Conversation} */
    function restore() {
      try {
        const saved = JSON.parse(session().getItem(`${prefix}:chat`) ?? 'null');
        if (saved && Array.isArray(saved.turns)) {
          return {
            threadId: typeof saved.threadId === 'string' ? saved.threadId : null,
            turns: saved.turns.filter(isTurn).slice(-MAX_TURNS_KEPT),
            open: saved.open === true,
          };
        }
      } catch {
        // a damaged entry: start afresh
      }
      return { threadId: null, turns: [] };
    }

    /** @param {any} turn @returns {turn is Turn} */
    function isTurn(turn) {
      return (
        turn !== null &&
        typeof turn === 'object' &&
        typeof turn.id === 'string' &&
        typeof turn.question === 'string' &&
        typeof turn.answer === 'string' &&
        Array.isArray(turn.sources) &&
        turn.sources.every((/** @type {any} */ source) => source && typeof source.url === 'string' && typeof source.title === 'string')
      );
    }

    function save() {
      conversation.turns = conversation.turns.slice(-MAX_TURNS_KEPT);
      try {
        storage.setItem(`${prefix}:chat`, JSON.stringify(conversation));
      } catch {
        // storage full: the conversation still goes on in this page
      }
    }

    function updateLog() {
      const empty = log.childElementCount === 0;
      newChat.hidden = empty;
      // A scrollable region a keyboard can reach once it has something to scroll.
      if (empty) {
        log.removeAttribute('tabindex');
        log.append(h('p', { class: 'empty' }, 'Ask a question about the documentation. Answers cite their sources.'));
      } else {
        log.querySelector(':scope > .empty')?.remove();
        if (log.querySelector(':scope > .turn')) log.setAttribute('tabindex', '0');
        else log.removeAttribute('tabindex');
      }
    }

    /** Runs a change of the log, then keeps it scrolled to the end if it was there (a reader who scrolled up stays put). @param {() => void} change */
    function following(change) {
      const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
      change();
      if (atEnd) log.scrollTop = log.scrollHeight;
    }

    /** @param {string} text */
    function announce(text) {
      status.textContent = text;
    }

    /** @param {boolean} busy */
    function setBusy(busy) {
      send.disabled = busy;
      stop.hidden = !busy;
    }

    /** The conversation as the endpoint takes it: the turns that reached the server, then the question. @param {Turn} current */
    function messagesFor(current) {
      /** @type {Array<{ id: string, role: 'user' | 'assistant', content: string, parts: Array<{ type: 'text', text: string }> }>} */
      const messages = [];
      for (const turn of conversation.turns.filter((turn) => turn.sent && turn !== current).slice(-MAX_TURNS_SENT)) {
        messages.push({ id: `${turn.id}-q`, role: 'user', content: turn.question, parts: [{ type: 'text', text: turn.question }] });
        if (turn.answer) messages.push({ id: `${turn.id}-a`, role: 'assistant', content: turn.answer, parts: [{ type: 'text', text: turn.answer }] });
      }
      messages.push({ id: `${current.id}-q`, role: 'user', content: current.question, parts: [{ type: 'text', text: current.question }] });
      return messages;
    }

    /** @param {string} text */
    async function ask(text) {
      if (mode === 'page' && !key) return askForKey('Enter an assistant key first.');
      /** @type {Turn} */
      const turn = { id: newId(), question: text, answer: '', sources: [], sent: false };
      conversation.turns.push(turn);
      const view = renderTurn(turn, true);
      log.append(view.node);
      updateLog();
      log.scrollTop = log.scrollHeight;
      const controller = new AbortController();
      running = controller;
      setBusy(true);
      announce('Searching the documentation…');
      try {
        /** @type {Response} */
        let response;
        try {
          response = await fetch(endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify({
              id: conversation.threadId ?? turn.id,
              fp: data.fp || 'anonymous',
              threadId: conversation.threadId,
              messages: messagesFor(turn),
              filter,
              ...(mode === 'widget' ? { currentPath: location.pathname.slice(0, 200) } : {}),
            }),
            signal: controller.signal,
            credentials: 'omit',
          });
        } catch (error) {
          if (controller.signal.aborted) throw error;
          turn.error = { text: `Could not reach the assistant at ${new URL(endpoint).origin} (a network error). Check the connection and try again.` };
          return;
        }
        if (!response.ok) {
          turn.error = await httpError(response);
          // The server no longer has the thread (a 404 names it): the next question starts a new one.
          if (response.status === 404 && conversation.threadId && /thread/i.test(turn.error.text)) {
            conversation.threadId = null;
            turn.error.text += ' The next question starts a new conversation.';
          }
          if (mode === 'page' && (response.status === 401 || response.status === 403)) askForKey(`The key was refused: ${turn.error.text}`);
          return;
        }
        turn.sent = true;
        conversation.threadId = response.headers.get('x-thread-id') || conversation.threadId;
        const finished = await readStream(response, turn, view, controller.signal);
        if (!finished && !turn.error && !controller.signal.aborted) turn.error = { text: 'The answer was cut off: the connection closed before it ended.' };
      } catch (error) {
        if (controller.signal.aborted) turn.stopped = true;
        else turn.error = { text: `The answer was cut off: ${error instanceof Error ? error.message : String(error)}` };
      } finally {
        running = undefined;
        // Focus on the Stop button, about to be hidden, goes back to the question; anywhere else it stays.
        const focusLost = root.activeElement === stop || document.activeElement === document.body;
        setBusy(false);
        if (!turn.sent && !question.value) question.value = text; // to send again as it was
        following(() => view.update(turn, false));
        save();
        announce(turn.error ? 'The assistant could not answer.' : turn.stopped ? 'Stopped.' : 'Answer complete.');
        if (focusLost && !panel.hidden && !form.hidden) question.focus();
      }
    }

    /** @param {Response} response @returns {Promise<TurnError>} */
    async function httpError(response) {
      let message = `HTTP ${response.status}`;
      try {
        const body = await response.json();
        if (body && typeof body.error === 'string') message = body.error;
      } catch {
        // not JSON: the status says enough
      }
      if (response.status !== 429) return { text: message };
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      const text = message.replace(/;\s*retry after \d+ s$/, '');
      if (!Number.isFinite(retryAfter) || retryAfter < 0) return { text };
      return { text, retryAfter, resetsAt: new Date(Date.now() + retryAfter * 1000).toISOString() };
    }

    /**
     * Reads the data stream into the turn, showing it as it arrives; whether the finish part came.
     * @param {Response} response @param {Turn} turn @param {ReturnType<typeof renderTurn>} view @param {AbortSignal} signal
     */
    async function readStream(response, turn, view, signal) {
      if (!response.body) throw new Error('the response has no body');
      const reader = response.body.getReader();
      signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
      const decoder = new TextDecoder();
      let buffer = '';
      let finished = false;
      let ended = false;
      let scheduled = false;
      // At most one render a frame; none after the stream ended (the caller shows the end).
      const show = () => {
        if (scheduled) return;
        scheduled = true;
        requestAnimationFrame(() => {
          scheduled = false;
          if (!ended) following(() => view.update(turn, true));
        });
      };
      /** @param {string} line */
      const part = (line) => {
        const colon = line.indexOf(':');
        if (colon < 1) return;
        const code = line.slice(0, colon);
        /** @type {any} */
        let value;
        try {
          value = JSON.parse(line.slice(colon + 1));
        } catch {
          return; // not a part of the protocol: skipped
        }
        switch (code) {
          case '0': // text
            if (typeof value === 'string') {
              if (!turn.answer) announce('Answering…');
              turn.answer += value;
              show();
            }
            break;
          case 'h': // a source
            if (value && typeof value.url === 'string') {
              turn.sources.push({ id: String(value.id ?? turn.sources.length + 1), url: value.url, title: String(value.title || value.url) });
              show();
            }
            break;
          case '3': // an error: the answer ends here
            turn.error = { text: typeof value === 'string' ? value : 'the assistant failed' };
            show();
            break;
          case '2': // data
          case '8': // message annotations
            if (Array.isArray(value)) {
              for (const item of value) if (item && typeof item.threadId === 'string') conversation.threadId = item.threadId;
            }
            break;
          case 'd': // finish message
            finished = true;
            break;
          default: // f: e: and anything newer
        }
      };
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n')) >= 0) {
            part(buffer.slice(0, end));
            buffer = buffer.slice(end + 1);
          }
        }
        buffer += decoder.decode();
        if (buffer.trim()) part(buffer);
      } finally {
        ended = true;
      }
      if (signal.aborted) turn.stopped = true;
      return finished;
    }

    /**
     * A turn's DOM: the question, then the answer (updated as it streams), its sources and its error.
     * @param {Turn} turn @param {boolean} [busy]
     */
    function renderTurn(turn, busy = false) {
      const answer = h('div', { class: 'answer' });
      const list = h('ol');
      const sources = h('nav', { class: 'sources', 'aria-label': 'Sources', hidden: true }, h('h3', {}, 'Sources'), list);
      const error = h('div', { class: 'error', role: 'alert', hidden: true });
      const note = h('p', { class: 'note', hidden: true });
      const article = h('article', { class: 'msg assistant', 'aria-label': 'Answer' }, answer, sources, note, error);
      const node = h(
        'div',
        { class: 'turn', 'data-turn': turn.id },
        h('div', { class: 'msg user' }, h('span', { class: 'visually-hidden' }, 'You asked: '), h('p', {}, turn.question)),
        article,
      );
      /** @param {Turn} state @param {boolean} streaming */
      const update = (state, streaming) => {
        article.setAttribute('aria-busy', String(streaming));
        if (state.answer) renderText(answer, state.answer, state.sources, turn.id);
        else answer.replaceChildren(...(streaming ? [h('p', { class: 'pending' }, 'Searching the documentation…')] : []));
        list.replaceChildren(
          ...state.sources.map((source, index) => {
            const href = sourceHref(source.url, base);
            const item = h('li', { id: `source-${turn.id}-${index + 1}` });
            item.value = Number.parseInt(source.id, 10) || index + 1;
            item.append(href ? link(href, source.title) : h('span', { class: 'title' }, source.title), ' ', h('span', { class: 'path' }, source.url));
            return item;
          }),
        );
        sources.hidden = state.sources.length === 0;
        note.hidden = !state.stopped;
        note.textContent = state.stopped ? 'Stopped.' : '';
        error.hidden = !state.error;
        error.replaceChildren(...(state.error ? errorNodes(state.error) : []));
      };
      update(turn, busy);
      return { node, update };
    }

    /** @param {TurnError} problem */
    function errorNodes(problem) {
      const nodes = [h('p', {}, problem.text)];
      if (problem.resetsAt && problem.retryAfter !== undefined) {
        const at = new Date(problem.resetsAt);
        const when = problem.retryAfter >= 86_400 ? at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : at.toLocaleTimeString();
        nodes.push(
          h('p', { class: 'reset' }, `The limit resets in ${duration(problem.retryAfter)}, at `, h('time', { datetime: problem.resetsAt }, when), '.'),
        );
      }
      return nodes;
    }

    /** @param {string} href @param {string} text */
    function link(href, text) {
      const anchor = h('a', { href }, text);
      if (mode === 'page') {
        anchor.target = '_blank';
        anchor.rel = 'noopener noreferrer';
      }
      return anchor;
    }

    /**
     * The answer as paragraphs of text, with **bold**, `code` and [n] citations linked to the n-th
     * source; nothing in it is parsed as HTML.
     * @param {HTMLElement} container @param {string} text @param {Source[]} sources @param {string} turnId
     */
    function renderText(container, text, sources, turnId) {
      const blocks = text
        .trim()
        .split(/\n{2,}/)
        .filter((block) => block.trim());
      container.replaceChildren(
        ...blocks.map((block) => {
          const paragraph = h('p');
          block.split('\n').forEach((line, index) => {
            if (index > 0) paragraph.append(h('br'));
            inline(paragraph, line, sources, turnId, true);
          });
          return paragraph;
        }),
      );
    }

    /** @param {HTMLElement} parent @param {string} text @param {Source[]} sources @param {string} turnId @param {boolean} formatting */
    function inline(parent, text, sources, turnId, formatting) {
      const pattern = formatting ? /\*\*(.+?)\*\*|`([^`\n]+)`|\[(\d{1,3})\]/g : /\[(\d{1,3})\]/g;
      let last = 0;
      for (const match of text.matchAll(pattern)) {
        const at = match.index ?? 0;
        parent.append(text.slice(last, at));
        last = at + match[0].length;
        const [, bold, code, number] = formatting ? match : [match[0], undefined, undefined, match[1]];
        if (bold !== undefined) {
          const strong = h('strong');
          inline(strong, bold, sources, turnId, false);
          parent.append(strong);
        } else if (code !== undefined) {
          parent.append(h('code', {}, code));
        } else {
          parent.append(citation(Number(number), match[0], sources, turnId));
        }
      }
      parent.append(text.slice(last));
    }

    /** `[n]` as a link to the n-th source (its page, or its entry in the list when no site is known). @param {number} n @param {string} text @param {Source[]} sources @param {string} turnId */
    function citation(n, text, sources, turnId) {
      const index = sources.findIndex((source) => source.id === String(n));
      const position = index >= 0 ? index : n - 1;
      const source = sources[position];
      if (!source) return document.createTextNode(text);
      const href = sourceHref(source.url, base) ?? `#source-${turnId}-${position + 1}`;
      const anchor = link(href, text);
      anchor.className = 'cite';
      anchor.setAttribute('aria-label', `source ${n}: ${source.title}`);
      anchor.title = source.title;
      if (href.startsWith('#')) {
        anchor.removeAttribute('target');
        anchor.addEventListener('click', (event) => {
          event.preventDefault();
          root.getElementById(href.slice(1))?.scrollIntoView({ block: 'nearest' });
        });
      }
      return anchor;
    }
  }

  /** The styles, in the shadow root only (a constructed style sheet: no inline style for a CSP to refuse). @param {ShadowRoot} root */
  function style(root) {
    const css = STYLES;
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
    } else {
      root.append(h('style', {}, css));
    }
  }

  const STYLES = `
    :host { all: initial; }
    :host(.docsnav-assistant-page) { position: fixed; inset: 0; overflow: auto; }
    .app {
      --accent: var(--docsnav-accent, #2563eb);
      --bg: #ffffff; --fg: #111827; --muted: #4b5563; --line: #d1d5db; --soft: #f3f4f6; --bad: #b91c1c; --bad-bg: #fef2f2; --on-accent: #ffffff;
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      color: var(--fg);
    }
    @media (prefers-color-scheme: dark) {
      .app.page { --bg: #111827; --fg: #f9fafb; --muted: #d1d5db; --line: #374151; --soft: #1f2937; --bad: #fca5a5; --bad-bg: #3b0d0d; --accent: var(--docsnav-accent, #60a5fa); --on-accent: #0b1220; }
    }
    *, *::before, *::after { box-sizing: border-box; }
    [hidden] { display: none !important; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
    button, textarea, input { font: inherit; color: inherit; }
    button {
      cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: var(--on-accent);
      border-radius: 8px; padding: 0.45em 0.9em;
    }
    button:disabled { opacity: 0.55; cursor: not-allowed; }
    button.quiet { background: transparent; color: var(--fg); border-color: var(--line); padding: 0.2em 0.6em; }
    button.stop { background: var(--bg); color: var(--fg); border-color: var(--fg); }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    textarea:focus-visible, input:focus-visible { outline-offset: 0; }
    a { color: var(--accent); }
    .page.app { min-height: 100%; background: var(--bg); }
    .page .panel { max-width: 48rem; margin: 0 auto; height: 100vh; height: 100dvh; display: flex; flex-direction: column; padding: 1rem; background: var(--bg); }
    .panel header { display: flex; align-items: center; justify-content: space-between; gap: 0.5rem; padding-bottom: 0.5rem; border-bottom: 1px solid var(--line); }
    .panel h1, .panel h2 { font-size: 1.2em; margin: 0; }
    .tools { display: flex; gap: 0.4rem; }
    .log { flex: 1; overflow-y: auto; padding: 0.75rem 0.1rem; }
    .empty { color: var(--muted); }
    .turn { margin-bottom: 1rem; }
    .msg p { margin: 0 0 0.5em; }
    .msg.user { margin-left: auto; max-width: 85%; width: fit-content; background: var(--soft); border-radius: 12px; padding: 0.5em 0.8em; margin-bottom: 0.6rem; }
    .msg.user p { white-space: pre-wrap; margin: 0; overflow-wrap: anywhere; }
    .msg.assistant { overflow-wrap: anywhere; }
    .msg.assistant code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em; background: var(--soft); padding: 0 0.25em; border-radius: 4px; }
    .pending { color: var(--muted); font-style: italic; }
    .cite { text-decoration: none; font-size: 0.85em; vertical-align: super; line-height: 0; padding: 0 0.1em; }
    .cite:hover, .cite:focus-visible { text-decoration: underline; }
    .sources { border-top: 1px solid var(--line); margin-top: 0.4rem; padding-top: 0.4rem; font-size: 0.9em; }
    .sources h3 { font-size: 0.9em; margin: 0 0 0.2rem; color: var(--muted); }
    .sources ol { margin: 0; padding-left: 1.6em; }
    .sources .path { color: var(--muted); font-size: 0.85em; overflow-wrap: anywhere; }
    .note { color: var(--muted); font-style: italic; }
    .error { color: var(--bad); background: var(--bad-bg); border: 1px solid var(--bad); border-radius: 8px; padding: 0.5em 0.75em; margin-top: 0.4rem; }
    .error p { margin: 0; }
    .error p + p { margin-top: 0.3em; }
    form { border-top: 1px solid var(--line); padding-top: 0.6rem; }
    form label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
    .row { display: flex; gap: 0.5rem; align-items: flex-end; }
    textarea, input { flex: 1; min-width: 0; border: 1px solid var(--muted); border-radius: 8px; padding: 0.5em 0.6em; background: var(--bg); resize: vertical; max-height: 12em; }
    .hint { color: var(--muted); font-size: 0.8em; margin: 0.3rem 0 0; }
    footer { padding-top: 0.5rem; text-align: right; }
    .widget .launcher {
      position: fixed; right: 1.25rem; bottom: 1.25rem; z-index: 2147483646;
      border-radius: 999px; padding: 0.7em 1.2em; box-shadow: 0 4px 14px rgba(0, 0, 0, 0.25); font-weight: 600;
    }
    .widget .panel {
      position: fixed; right: 1.25rem; bottom: 4.75rem; z-index: 2147483647;
      width: min(26rem, calc(100vw - 2.5rem)); height: min(36rem, calc(100vh - 6.5rem));
      display: flex; flex-direction: column; padding: 0.9rem; background: var(--bg);
      border: 1px solid var(--line); border-radius: 14px; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.25);
    }
    .widget .close { font-size: 1.2em; line-height: 1; }
    @media (max-width: 30rem) {
      .widget .panel { right: 0.5rem; left: 0.5rem; width: auto; bottom: 4.5rem; height: calc(100vh - 5.5rem); }
    }
  `;

  whenBodyReady(() => {
    if (!DOMAIN.test(domain)) {
      console.error(`docsnav assistant: data-domain must be a project's domain (lower-case letters, digits and "-"), not ${JSON.stringify(domain)}`);
      if (mode === 'page') document.body.append(h('p', {}, 'This page needs a project domain in its address: /assistant/{domain}.'));
      return;
    }
    if (mode === 'widget' && document.querySelector(`[data-docsnav-assistant="${domain}"]`)) return; // the tag twice
    mount();
  });
})();
