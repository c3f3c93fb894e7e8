// Codemojex web page. Every text from the server goes in through textContent, never innerHTML,
// so a player name such as <script> shows as text. Nothing is polled: the board, the game's state,
// the lobby and the feed arrive as server-sent events on one stream, GET /events (a browser allows
// six connections a host over HTTP/1.1: a stream per thing watched, kept by pages in the history,
// would take them all). EventSource reconnects by itself with Last-Event-ID; the page closes the
// stream when it is hidden (pagehide) and opens it again when shown (pageshow), with ?last=.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const SHORTCUTS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '='];
  let game = null;
  let keyboard = [];
  let picked = [];
  let room = null;           // the game's room
  let settled = false;       // the game is over: the input is locked
  let events = null;         // the page's one event stream
  let lastId = '';           // the last event id heard: the last id of each kind (kind:id,kind:id)
  let gameShown = false;     // a game event of this game was rendered
  let pending = [];          // guess ids sent and not yet scored or rejected
  const mine = [];           // this page's scored guesses in this game, oldest first
  let previousRanks = new Map(); // player id -> rank at the last board event, to show who moved (a name may be two players)
  let me = null;             // the name this browser plays this game as (its session is an HTTP-only cookie)
  let myId = null;           // this session's player id: the board's place that is this browser's

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // the session: joined once per game, at the first guess; the cookie is sent with this game's requests only
  function showWho() {
    $('player').disabled = me !== null;
    if (me !== null) $('player').value = me;
    $('who').textContent = me !== null ? 'Playing as ' + me + '.' : 'You join the game with this name at your first guess.';
    renderSessions();
  }

  async function identify(id) {
    me = null;
    myId = null;
    try {
      const s = await api('GET', '/games/' + encodeURIComponent(id) + '/players/me');
      me = s.player;
      myId = s.playerId;
    } catch (e) { /* not joined yet */ }
    showWho();
  }

  async function join() {
    if ($('player').value.trim() === '') {
      // nothing is sent without a name: the picked guess stays, and the box waits for one
      $('player').focus();
      throw new Error('Type your name first, then guess.');
    }
    const s = await api('POST', '/games/' + encodeURIComponent(game) + '/players', { name: $('player').value, cookie: true });
    me = s.player;
    myId = s.playerId;
    showWho();
    forgetSessions(); // a new player: none yet, until its first guess is scored
  }

  // what a player reads when no answer came: the browser's own words ("Failed to fetch") say nothing
  const UNREACHABLE = 'No answer from the server (it may be down, or this device offline): try again once the board says live.';

  async function api(method, path, body, headers) {
    let res;
    try {
      res = await fetch(path, {
        method,
        headers: Object.assign(body ? { 'Content-Type': 'application/json' } : {}, headers || {}),
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      const err = new Error(UNREACHABLE); // fetch rejects only when no answer came, never for an HTTP status
      err.unreachable = true;
      throw err;
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const msg = data && data.error ? data.error : ('HTTP ' + res.status);
      const err = new Error(msg);
      err.status = res.status;
      err.field = data && data.field ? data.field : null;
      throw err;
    }
    return data;
  }

  function say(text) { $('message').textContent = text; }

  // a guess is six distinct emojis, like the secret (#27): a picked key is spent until taken back
  function pick(emoji) {
    if (game && !settled && picked.length < 6 && !picked.includes(emoji)) { picked.push(emoji); renderSlots(); }
  }

  function renderKeyboard() {
    const k = $('keyboard');
    k.replaceChildren();
    keyboard.forEach((emoji, i) => {
      const b = el('button', emoji);
      b.type = 'button';
      b.dataset.emoji = emoji;
      b.title = 'key ' + SHORTCUTS[i];
      b.disabled = settled;
      b.addEventListener('click', () => pick(emoji));
      k.appendChild(b);
    });
    renderSlots();
  }

  function renderSlots() {
    const s = $('slots');
    s.replaceChildren();
    for (let i = 0; i < 6; i++) s.appendChild(el('span', picked[i] || ''));
    $('keyboard').querySelectorAll('button').forEach((b) => { b.disabled = settled || picked.includes(b.dataset.emoji); });
    $('guess').disabled = !(game && !settled && picked.length === 6);
    $('clear').disabled = settled;
  }

  // how a position scored, in words: a distance of 5 scores nothing, as an emoji not in the secret does
  const LABELS = { EXACT: 'exact', ADJACENT: 'adjacent', NEAR: 'near', FAR: 'far', MAX: 'miss (5 away)', MISS: 'miss (not in it)' };
  function label(p) { return LABELS[p.status] || p.status; }

  function renderBreakdown(score) {
    const t = $('breakdown');
    const body = t.querySelector('tbody');
    body.replaceChildren();
    score.positions.forEach((p) => {
      const tr = el('tr');
      tr.appendChild(el('td', String(p.position + 1)));
      tr.appendChild(el('td', p.emoji));
      tr.appendChild(el('td', label(p), p.status));
      tr.appendChild(el('td', String(p.points)));
      body.appendChild(tr);
    });
    t.classList.remove('hidden');
  }

  function renderMine() {
    const list = $('mine');
    list.replaceChildren();
    for (let i = mine.length - 1; i >= 0; i--) {
      const s = mine[i];
      const li = el('li');
      s.positions.forEach((p) => {
        const c = el('span', p.emoji, 'cell ' + p.status);
        c.title = label(p) + ', ' + p.points + ' points';
        li.appendChild(c);
      });
      li.appendChild(el('span', s.total + ' / ' + s.max, 'total'));
      list.appendChild(li);
    }
  }

  function describe(g) {
    return 'Game ' + g.game + ' in room ' + g.room + ' (' + g.status + ')'
      + (g.status === 'settled' ? ', cracked by ' + g.winner : g.status === 'closed' ? ', closed unsolved' : '');
  }

  // a game over (cracked, or closed unsolved by the server's --keep): its secret (and winner) shown,
  // its board final, its input locked
  function renderEnd(g) {
    const ended = $('ended');
    if (g.status !== 'settled' && g.status !== 'closed') { ended.classList.add('hidden'); return; }
    settled = true;
    ended.replaceChildren();
    if (g.status === 'closed') {
      ended.appendChild(el('span', 'Closed unsolved: nobody guessed for a while — the secret was '));
    } else {
      ended.appendChild(el('span', 'Cracked by '));
      ended.appendChild(el('strong', g.winner, 'winner'));
      ended.appendChild(el('span', ' — the secret was '));
    }
    const code = el('span', undefined, 'secret');
    g.secret.forEach((e) => code.appendChild(el('span', e)));
    ended.appendChild(code);
    ended.classList.remove('hidden');
    picked = [];
    renderKeyboard();
    $('live').textContent = 'final';
  }

  function renderGame(g) {
    $('gameInfo').textContent = describe(g) + ', ' + g.guesses + (g.guesses === 1 ? ' guess' : ' guesses') + ' scored';
    const list = $('board');
    list.replaceChildren();
    const before = previousRanks;
    previousRanks = new Map(g.board.map((r) => [r.playerId, r.rank]));
    g.board.forEach((r) => {
      // a place is a player id, shown by its name: two players who took one name in turn are two places
      const li = el('li', r.player + ' — ' + r.best, r.playerId === myId ? 'you' : undefined);
      li.dataset.player = r.playerId;
      // rank changes since the last event: up, down, or new on the board
      const was = before.get(r.playerId);
      if (before.size && was === undefined) li.appendChild(el('span', ' new', 'move new'));
      else if (was !== undefined && was > r.rank) li.appendChild(el('span', ' ▲' + (was - r.rank), 'move up'));
      else if (was !== undefined && was < r.rank) li.appendChild(el('span', ' ▼' + (r.rank - was), 'move down'));
      list.appendChild(li);
    });
  }

  function renderLobby(l) {
    const list = $('lobby');
    list.replaceChildren();
    if (!l.games.length) list.appendChild(el('li', 'No open game: open one.', 'muted'));
    l.games.forEach((g) => {
      const li = el('li', undefined, g.game === game ? 'current' : undefined);
      li.appendChild(el('span', g.room));
      li.appendChild(el('span', g.players + (g.players === 1 ? ' player' : ' players') + ', best ' + g.best, 'muted'));
      const b = el('button', g.game === game ? 'Playing' : 'Join');
      b.type = 'button';
      b.dataset.game = g.game;
      b.disabled = g.game === game;
      b.addEventListener('click', () => useGame(g.game).then(() => say('Joined game ' + g.game + '.')).catch((e) => say(e.message)));
      li.appendChild(b);
      list.appendChild(li);
    });
  }

  // the chart: the feed's series (GET /feed/series, its buckets as the server cuts them, quiet ones
  // included), the newest BARS buckets, oldest on the left; each bucket that closes arrives as a
  // `bucket` event with its final value and takes its place, so the chart moves with no guess at all.
  // A bucket is a bar of its scored guesses on the count axis (left) and, where guesses were scored, a
  // dot at the median total with a whisker up to the p90 (scores.p50, scores.p90) on the score axis
  // (right, 0..600); the two axes share their four grid lines. A quiet bucket is a grey dash on the
  // time axis, whose labels are bucket starts in the viewer's local time. The drawing is in the SVG's
  // own pixels (its viewBox is its size, drawn again when that changes), its height is the style
  // sheet's and the legend is fixed, so nothing around it moves when a bucket closes. A visually hidden
  // table holds the same numbers, and the SVG's label says what it shows.
  const BARS = 60;
  const TOP_SCORE = 600;
  const LEVELS = 3;          // grid intervals: counts 0..3 steps, scores 0, 200, 400, 600
  const MARGIN = { top: 26, right: 34, bottom: 22, left: 34 }; // room above the top tick for the axes' titles
  const SVG = 'http://www.w3.org/2000/svg';
  const SECOND = 1000, MINUTE = 60 * SECOND, HOUR = 60 * MINUTE, DAY = 24 * HOUR;
  // a time tick goes on each bucket whose start, in local time, is a whole step; the shortest step that
  // leaves room for its label
  const TIME_STEPS = [1, 2, 5, 10, 15, 30].map((n) => n * SECOND).concat([1, 2, 5, 10, 15, 30].map((n) => n * MINUTE),
    [1, 2, 3, 6, 12].map((n) => n * HOUR), [1, 2, 7, 14].map((n) => n * DAY));
  let series = [];           // buckets {from, to, entries, players, scores, distinctPlayers}, oldest first
  let drawnWidth = 0;        // the SVG's width when last drawn
  function putBucket(b) {
    const i = series.findIndex((x) => x.from === b.from);
    if (i >= 0) series[i] = b;
    else {
      series.push(b);
      series.sort((x, y) => Date.parse(x.from) - Date.parse(y.from));
    }
    if (series.length > BARS) series = series.slice(series.length - BARS);
  }

  function svgEl(tag, attrs, cls, text) {
    const e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach((k) => e.setAttribute(k, String(attrs[k])));
    if (cls) e.setAttribute('class', cls);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // a bucket's length: the longest (the window's first and the open bucket are cut short)
  function bucketLength(shown) {
    let len = 0;
    shown.forEach((b) => { len = Math.max(len, Date.parse(b.to) - Date.parse(b.from) + 1); });
    return len > 0 ? len : MINUTE;
  }

  function lengthWords(len) {
    const units = [[DAY, 'day'], [HOUR, 'hour'], [MINUTE, 'minute'], [SECOND, 'second']];
    for (const [ms, word] of units) if (len % ms === 0) return (len / ms) + '-' + word;
    return len + '-millisecond';
  }

  function localMs(t) { return t - new Date(t).getTimezoneOffset() * MINUTE; }

  function timeLabel(t, step) {
    if (step >= DAY) return new Date(t).toLocaleDateString([], { month: 'short', day: 'numeric' });
    const o = { hour: '2-digit', minute: '2-digit' };
    if (step < MINUTE) o.second = '2-digit';
    return new Date(t).toLocaleTimeString([], o);
  }

  // the count axis' step: 1, 2, 3, 4, 5, 6 or 8 times a power of ten, so that LEVELS steps hold the busiest bucket
  function countStep(most) {
    const need = Math.max(1, most / LEVELS);
    const p = Math.pow(10, Math.floor(Math.log10(need)));
    for (const m of [1, 2, 3, 4, 5, 6, 8, 10]) if (m * p >= need) return m * p;
    return 10 * p;
  }

  function renderChart() {
    const svg = $('chart');
    const w = Math.max(200, Math.round(svg.getBoundingClientRect().width));
    const h = Math.max(120, Math.round(svg.getBoundingClientRect().height));
    drawnWidth = w;
    svg.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    svg.replaceChildren();
    const x0 = MARGIN.left, x1 = w - MARGIN.right, y0 = h - MARGIN.bottom, y1 = MARGIN.top;
    const slot = (x1 - x0) / BARS;
    const shown = series.slice(-BARS);
    const offset = BARS - shown.length;
    const len = bucketLength(shown);
    let most = 0;
    shown.forEach((b) => { most = Math.max(most, b.entries); });
    const step = countStep(most);
    const yCount = (c) => y0 - (y0 - y1) * c / (step * LEVELS);
    const yScore = (s) => y0 - (y0 - y1) * s / TOP_SCORE;
    const left = (k) => x0 + (offset + k) * slot;
    const round = (v) => Math.round(v * 10) / 10;

    // grid and the two value axes, their labels at the same heights
    const grid = svgEl('g', {}, 'grid');
    const counts = svgEl('g', {}, 'axis count');
    const scores = svgEl('g', {}, 'axis score');
    for (let i = 0; i <= LEVELS; i++) {
      const y = round(y0 - (y0 - y1) * i / LEVELS);
      if (i > 0) grid.appendChild(svgEl('line', { x1: x0, x2: x1, y1: y, y2: y }));
      const c = svgEl('text', { x: x0 - 5, y: y }, undefined, String(i * step));
      c.dataset.value = String(i * step);
      counts.appendChild(c);
      const s = svgEl('text', { x: x1 + 5, y: y }, undefined, String(i * TOP_SCORE / LEVELS));
      s.dataset.value = String(i * TOP_SCORE / LEVELS);
      scores.appendChild(s);
    }
    counts.appendChild(svgEl('text', { x: 2, y: 8 }, 'title', 'guesses'));
    scores.appendChild(svgEl('text', { x: w - 2, y: 8 }, 'title', 'score'));
    counts.appendChild(svgEl('line', { x1: x0, x2: x0, y1: y1, y2: y0 }, 'domain'));
    scores.appendChild(svgEl('line', { x1: x1, x2: x1, y1: y1, y2: y0 }, 'domain'));
    svg.append(grid, counts, scores);

    // the time axis: a label needs its width and a little air
    const time = svgEl('g', {}, 'axis time');
    time.appendChild(svgEl('line', { x1: x0, x2: x1, y1: y0, y2: y0 }, 'domain'));
    svg.appendChild(time);
    const sample = svgEl('text', { x: 0, y: -100 }, undefined, timeLabel(Date.UTC(2000, 0, 1, 10, 38, 38), len < MINUTE ? SECOND : MINUTE));
    time.appendChild(sample);
    const room = (sample.getComputedTextLength() || 60) + 12;
    sample.remove();
    const every = Math.max(1, Math.ceil(room / slot)); // buckets between two labels, at least
    const tstep = TIME_STEPS.find((s) => s >= every * len && s % len === 0);
    let ticks = [];
    if (tstep) shown.forEach((b, k) => { if (localMs(Date.parse(b.from)) % tstep === 0) ticks.push(k); });
    // no whole step within the buckets shown (few of them, or an odd length): every `every` buckets, from the newest
    if (!ticks.length) ticks = shown.map((b, k) => k).filter((k) => (shown.length - 1 - k) % every === 0);
    ticks.forEach((k) => {
      const t = Date.parse(shown[k].from);
      const x = round(left(k));
      if (x - room / 2 < 0 || x + room / 2 > w + 6) return; // a label that would be cut off
      time.appendChild(svgEl('line', { x1: x, x2: x, y1: y0, y2: y0 + 4 }, 'tick'));
      const label = svgEl('text', { x: x, y: y0 + 14 }, undefined, timeLabel(t, tstep || len));
      label.dataset.from = shown[k].from;
      time.appendChild(label);
    });

    // the buckets: bars (and quiet dashes), then the scores over them
    const bars = svgEl('g', {}, 'bars');
    const marks = svgEl('g', {}, 'scores');
    const rows = [];
    let guesses = 0, busy = 0;
    shown.forEach((b, k) => {
      const from = Date.parse(b.from);
      const open = !b.final && k === shown.length - 1 && Date.parse(b.to) - from + 1 < len;
      const when = timeLabel(from, len < MINUTE ? SECOND : MINUTE);
      const x = left(k);
      if (b.entries === 0) {
        const q = svgEl('rect', { x: round(x + slot * 0.15), y: y0 - 3, width: round(slot * 0.7), height: 3 }, 'quiet' + (open ? ' open' : ''));
        q.dataset.from = b.from;
        q.appendChild(svgEl('title', {}, undefined, when + ': quiet, no scored guess' + (open ? ' yet (still open)' : '')));
        bars.appendChild(q);
        return;
      }
      guesses += b.entries;
      busy++;
      const y = round(yCount(b.entries));
      const r = svgEl('rect', { x: round(x + slot * 0.15), y: y, width: round(slot * 0.7), height: round(Math.max(1, y0 - y)) },
        'bar' + (open ? ' open' : ''));
      r.dataset.from = b.from;
      r.dataset.entries = String(b.entries);
      const said = when + ': ' + b.entries + (b.entries === 1 ? ' scored guess' : ' scored guesses') + ' by ' + b.players
        + (b.players === 1 ? ' player' : ' players') + (b.scores ? ', median score ' + b.scores.p50 + ', p90 ' + b.scores.p90 : '')
        + (open ? ' (still open)' : '');
      r.appendChild(svgEl('title', {}, undefined, said));
      bars.appendChild(r);
      rows.push([when + (open ? ' (open)' : ''), b.entries, b.players, b.scores ? b.scores.p50 : '–', b.scores ? b.scores.p90 : '–']);
      if (!b.scores) return;
      const cx = round(x + slot / 2), ym = round(yScore(b.scores.p50)), yp = round(yScore(b.scores.p90));
      const half = round(Math.max(2.5, Math.min(4, slot * 0.6))); // a dot may be wider than its bar: it must be seen
      const whisker = svgEl('line', { x1: cx, x2: cx, y1: ym, y2: yp }, 'p90');
      const cap = svgEl('line', { x1: round(cx - half), x2: round(cx + half), y1: yp, y2: yp }, 'p90 cap');
      [whisker, cap].forEach((l) => { l.dataset.from = b.from; l.dataset.p90 = String(b.scores.p90); });
      const dot = svgEl('circle', { cx: cx, cy: ym, r: half }, 'median');
      dot.dataset.from = b.from;
      dot.dataset.p50 = String(b.scores.p50);
      dot.dataset.p90 = String(b.scores.p90);
      dot.appendChild(svgEl('title', {}, undefined, said));
      marks.append(whisker, cap, dot);
    });
    svg.append(bars, marks);

    // the same numbers, in words and in a table
    const span = shown.length
      ? ' from ' + timeLabel(Date.parse(shown[0].from), len < MINUTE ? SECOND : MINUTE) + ' to '
        + timeLabel(Date.parse(shown[shown.length - 1].to) + 1, len < MINUTE ? SECOND : MINUTE) + ' (local time)'
      : '';
    const summary = 'Scored guesses per ' + lengthWords(len) + ' bucket' + span + ': '
      + (shown.length ? guesses + (guesses === 1 ? ' guess' : ' guesses') + ' in ' + busy + ' of ' + shown.length
        + ' buckets, ' + (shown.length - busy) + ' quiet' : 'no bucket read yet') + '.';
    svg.setAttribute('aria-label', summary + ' Each bucket with guesses also shows its median score and its p90, out of 600; the table after the chart lists them.');
    $('chartCaption').textContent = summary;
    const body = $('chartTable').querySelector('tbody');
    body.replaceChildren();
    rows.forEach((cells) => {
      const tr = el('tr');
      cells.forEach((c) => tr.appendChild(el('td', String(c))));
      body.appendChild(tr);
    });
    if (shown.length) svg.dataset.last = shown[shown.length - 1].from;
    svg.dataset.buckets = String(shown.length);
  }
  if (window.ResizeObserver) {
    new ResizeObserver(() => { if (Math.round($('chart').getBoundingClientRect().width) !== drawnWidth) renderChart(); }).observe($('chart'));
  }

  let reading = null;
  function readSeries() {
    if (reading) return;
    reading = api('GET', '/feed/series').then((s) => {
      // a bucket pushed while this was read is final: keep it over the read's partial one, and one newer than the read
      const pushed = series.filter((b) => b.final);
      series = s.buckets.slice(-BARS);
      pushed.forEach(putBucket);
      renderChart();
    }).catch(() => { /* read again at the next event */ }).finally(() => { reading = null; });
  }

  let feedGuesses = null;
  function renderFeed(f) {
    if (f.guesses !== feedGuesses) { feedGuesses = f.guesses; readSeries(); } // the open bucket's count, once per change
    $('feedTotals').textContent = f.guesses + (f.guesses === 1 ? ' guess' : ' guesses') + ' by ' + f.players
        + (f.players === 1 ? ' player' : ' players') + ' in the last hour';
    const feed = $('feed');
    feed.replaceChildren();
    f.items.forEach((i) => {
      const li = el('li', new Date(i.at).toLocaleTimeString() + ' ' + i.player + ' scored ' + i.total + ' in ' + i.room);
      li.title = 'game ' + i.game;
      feed.appendChild(li);
    });
  }

  // a game event says something changed: the guesses still pending are read once each, not polled;
  // one reading at a time, so that a guess is never listed twice
  let settling = Promise.resolve();
  function settlePending() { settling = settling.then(readPending, readPending); }

  async function readPending() {
    const done = new Set();
    for (const id of pending.slice()) {
      try {
        const s = await api('GET', '/games/' + encodeURIComponent(game) + '/guesses/' + id);
        if (s.status === 'scored') {
          say('Scored ' + s.total + ' / ' + s.max + ' (' + s.percentage + '%), your best ' + s.best
            + (s.cracked ? '. You cracked it!' : '.'));
          renderBreakdown(s);
          mine.push(s);
          renderMine();
          done.add(id);
        } else if (s.status === 'rejected') {
          say('Not scored: ' + s.reason);
          done.add(id);
        }
      } catch (e) { /* read again at the next event */ }
    }
    pending = pending.filter((id) => !done.has(id));
  }

  // the page's one stream: feed, chart buckets, lobby and, with a game, its game events
  function heard(e) { if (e.lastEventId) lastId = e.lastEventId; }
  function showLive() {
    $('live').textContent = !game ? 'no game selected' : settled ? 'final' : gameShown ? 'live' : 'connecting…';
  }

  function connect() {
    if (events) events.close();
    const q = new URLSearchParams();
    if (game) q.set('game', game);
    if (lastId) q.set('last', lastId);
    const query = q.toString();
    events = new EventSource('/events' + (query ? '?' + query : ''));
    events.addEventListener('game', (e) => {
      heard(e);
      const g = JSON.parse(e.data);
      if (g.game !== game) return;
      renderGame(g);
      renderEnd(g);
      sessionsAfter(g);
      gameShown = true;
      showLive();
      if (pending.length) settlePending();
    });
    events.addEventListener('session', (e) => sessionClosed(JSON.parse(e.data)));
    events.addEventListener('lobby', (e) => { heard(e); lastLobby = JSON.parse(e.data); renderLobby(lastLobby); });
    events.addEventListener('feed', (e) => { heard(e); renderFeed(JSON.parse(e.data)); });
    events.addEventListener('bucket', (e) => {
      const b = JSON.parse(e.data);
      b.final = true;
      putBucket(b);
      renderChart();
    });
    events.addEventListener('open', () => {
      readSeries(); // at the first connection and after each reconnection: what was missed
      readSessions();
      showLive();   // resumed: what this page has is current, and the server sends what changes
      if ($('message').textContent === UNREACHABLE) say('Connected again.');
      if (pending.length) settlePending();
    });
    events.onerror = () => { if (game && !settled) $('live').textContent = 'reconnecting…'; };
  }

  // hidden (another page, the back-forward cache): no connection kept; shown again: resumed
  window.addEventListener('pagehide', () => { if (events) { events.close(); events = null; } });
  window.addEventListener('pageshow', (e) => { if (e.persisted) connect(); });

  // this player's play sessions in this game (GET /games/{id}/sessions: every player's bursts of scored
  // guesses, a burst ending after `gap` with no guess; this page keeps its player's). Read when the page
  // learns who it plays as, when a game event lists a guess of this player newer than the sessions read
  // (a guess from this page or another of the same session), and after a reconnection; a `session`
  // event closes one as the server sees it end, with no read.
  let sessions = [];         // this player's sessions, as the server answered them, oldest first
  let sessionsUpTo = -Infinity; // the newest guess (ms) of this player the sessions read (or asked for) hold
  let sessionGap = null;     // the gap the server closes sessions by, once a session event said it
  let readGap = null;        // the gap the sessions shown were read with
  let sessionsRead = null;   // the read under way
  let sessionsAgain = false; // asked again while a read was under way

  function clock(iso) { return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }); }

  function renderSessions() {
    $('sessions').classList.toggle('hidden', me === null);
    $('noSession').classList.toggle('hidden', sessions.length > 0);
    $('sessionsTable').classList.toggle('hidden', sessions.length === 0);
    const body = $('sessionsTable').querySelector('tbody');
    body.replaceChildren();
    for (let i = sessions.length - 1; i >= 0; i--) {
      const s = sessions[i];
      const tr = el('tr', undefined, s.open ? 'open' : 'closed');
      tr.dataset.from = s.from;
      tr.appendChild(el('td', clock(s.from)));
      const end = el('td', s.open ? 'playing, last guess ' + clock(s.to) : clock(s.to));
      if (s.open) end.appendChild(el('span', ' now', 'now'));
      tr.appendChild(end);
      tr.appendChild(el('td', String(s.guesses)));
      tr.appendChild(el('td', String(s.best)));
      body.appendChild(tr);
    }
  }

  function forgetSessions() {
    sessions = [];
    sessionsUpTo = -Infinity;
    renderSessions();
  }

  function readSessions() {
    if (me === null || !game) return;
    if (sessionsRead) { sessionsAgain = true; return; }
    const id = game, who = myId;
    sessionsRead = api('GET', '/games/' + encodeURIComponent(id) + '/sessions' + (sessionGap ? '?gap=' + encodeURIComponent(sessionGap) : ''))
      .then((r) => {
        if (id !== game || who !== myId) return; // another game or player since
        sessions = r.sessions.filter((s) => s.playerId === myId);
        readGap = r.gap;
        sessions.forEach((s) => { sessionsUpTo = Math.max(sessionsUpTo, Date.parse(s.to)); });
        $('sessionsGap').textContent = 'newest first; a session ends after ' + r.gap + ' with no guess';
        renderSessions();
      })
      .catch(() => { /* read again at the next guess or reconnection */ })
      .finally(() => { sessionsRead = null; if (sessionsAgain) { sessionsAgain = false; readSessions(); } });
  }

  // a game event: read again when it lists a guess of this player that the sessions do not hold
  function sessionsAfter(g) {
    if (myId === null || !g.recent) return;
    let newest = -Infinity;
    g.recent.forEach((i) => { if (i.playerId === myId) newest = Math.max(newest, Date.parse(i.at)); });
    if (newest > sessionsUpTo) { sessionsUpTo = newest; readSessions(); }
  }

  // a `session` event: one of the game's sessions closed; this player's takes its place, or is read
  function sessionClosed(e) {
    if (e.game !== game || e.session.playerId !== myId) return;
    const known = readGap === e.gap;
    sessionGap = e.gap;
    const i = sessions.findIndex((s) => s.from === e.session.from);
    if (known && i >= 0) { sessions[i] = e.session; renderSessions(); } else readSessions();
  }

  // this player's guesses in this game, read again at each load: the history survives a reload
  async function readMine(id) {
    if (me === null) return;
    try {
      const own = await api('GET', '/games/' + encodeURIComponent(id) + '/guesses');
      if (id !== game) return;
      mine.length = 0;
      own.guesses.filter((s) => s.status === 'scored').forEach((s) => mine.push(s));
      renderMine();
    } catch (e) { /* no history to show */ }
  }

  async function useGame(id) {
    const g = await api('GET', '/games/' + encodeURIComponent(id));
    const switched = game !== g.game;
    game = g.game;
    room = g.room;
    keyboard = g.keyboard;
    settled = false;
    picked = [];
    pending = [];
    previousRanks = new Map();
    mine.length = 0;
    renderMine();
    if (switched) { sessionGap = null; }
    forgetSessions();
    if (switched) { $('board').replaceChildren(); $('breakdown').classList.add('hidden'); $('ended').classList.add('hidden'); }
    $('gameInfo').textContent = describe(g);
    renderEnd(g);
    history.replaceState(null, '', '?game=' + encodeURIComponent(game));
    if (lastLobby) renderLobby(lastLobby); // before the first lobby event there is nothing to say about it
    renderKeyboard();
    // who this page plays as, before the stream's first game event draws the board: a settled or quiet
    // game sends no later event, so a board drawn without it would never mark this player's row
    await identify(game);
    if (switched) {
      gameShown = false;
      lastId = lastId.split(',').filter((p) => p && !p.startsWith('game:')).join(','); // the other game's id means nothing here
      connect();
    }
    showLive();
    if (!switched) readSessions(); // a new stream reads them once open
    await readMine(game);
  }

  async function openGame() {
    try {
      const g = await api('POST', '/rooms', { room: $('room').value });
      await useGame(g.game);
      say('Opened game ' + g.game + '. Pick six emojis.');
    } catch (e) { say(e.message); }
  }

  // a key of 128 random bits, in hex: getRandomValues, unlike randomUUID, is there on a plain-http page too
  function idempotencyKey() {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  }

  // what is sent again with the same key: no answer, a store that could not answer, the same key's first still running
  function retriable(e) {
    return e.unreachable || e.status === 503 || (e.status === 409 && e.field === 'Idempotency-Key');
  }

  // a guess goes with an Idempotency-Key, and is sent again with it when no answer came: the server runs it
  // once and answers a retry the first answer again, so a lost answer never makes a guess twice
  async function sendGuess(key) {
    if (me === null) await join();
    const path = '/games/' + encodeURIComponent(game) + '/guesses';
    const body = { guess: picked.join('') };
    for (let attempt = 0, wait = 250; ; attempt++, wait *= 2) {
      try {
        return await api('POST', path, body, { 'Idempotency-Key': key });
      } catch (e) {
        if (!retriable(e) || attempt >= 3) throw e;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  async function submitGuess() {
    if (!game || picked.length !== 6) return;
    try {
      let r;
      let rejoined = false;
      const key = idempotencyKey(); // one per guess, kept over its retries
      try {
        r = await sendGuess(key);
      } catch (e) {
        if (e.status !== 401) throw e;
        // the session expired: whoever joins now is a new player (a name is not a player), with none of
        // the old one's guesses; join again with the name and send the guess once more
        me = null;
        myId = null;
        mine.length = 0;
        renderMine();
        forgetSessions();
        showWho();
        r = await sendGuess(key); // a new session: the same key is a new one in its scope
        rejoined = true;
      }
      say(rejoined ? 'Your session had expired: you joined again as a new player; guess sent, scoring…' : 'Guess sent, scoring…');
      picked = [];
      renderSlots();
      pending.push(r.guessId);
      settlePending(); // once: it may have been scored before this page heard of it
    } catch (e) {
      say(e.message);
    }
  }

  document.addEventListener('keydown', (e) => {
    // Enter in the name field leaves it, so the keys pick emojis again, and guesses when six are picked
    if (e.target && e.target.id === 'player' && e.key === 'Enter') {
      e.preventDefault();
      e.target.blur();
      if (picked.length === 6) submitGuess();
      return;
    }
    if (e.target && (e.target.tagName === 'INPUT' || e.ctrlKey || e.metaKey || e.altKey)) return;
    // Enter on a focused key would press it again: Enter guesses, or does nothing, wherever the focus is
    if (e.key === 'Enter' && e.target && e.target.closest && e.target.closest('#keyboard')) e.preventDefault();
    if (settled) return;
    const i = SHORTCUTS.indexOf(e.key);
    if (i >= 0 && i < keyboard.length) { pick(keyboard[i]); e.preventDefault(); }
    else if (e.key === 'Backspace' && picked.length) { picked.pop(); renderSlots(); e.preventDefault(); }
    else if (e.key === 'Enter' && picked.length === 6) { submitGuess(); e.preventDefault(); }
  });

  $('open').addEventListener('click', openGame);
  $('joinBtn').addEventListener('click', () => useGame($('join').value.trim()).catch((e) => say(e.message)));
  $('clear').addEventListener('click', () => { picked = []; renderSlots(); });
  $('guess').addEventListener('click', submitGuess);
  let lastLobby = null;
  const fromUrl = new URLSearchParams(location.search).get('game');
  if (fromUrl) useGame(fromUrl).catch((e) => { say(e.message); if (!events) connect(); });
  else connect();
  showLive();
  renderSlots();
  renderChart(); // the axes, before the first bucket is read
})();
