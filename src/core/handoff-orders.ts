/**
 * Orders the handoff judges read in any clause or content (issue 31, round 19): the base verbs of work, a bare order at a
 * clause's end, a second item opened as such, a thing handed over to someone. Shared by the round-18 family reading
 * (handoff-families.ts, readFamilies) and the round-19 content reading (handoff-content.ts).
 */

const r = String.raw;

/** Base verbs of work (an imperative when a content part opens on one). */
export const EN_BASE =
  r`(?:re-?)?(?:fix|implement|add|refactor|build|review|investigate|debug|deploy|run|test|take|start|work|continue|pick|change|rename|remove|delete|migrate|rewrite|port|optimi[sz]e|upgrade|install|merge|rebase|open|switch|move|replace|update|create|write|make|bump|release|publish|clean|set|configure|enable|disable|check|verify|look|try|finish|complete|close|resolve|handle|address|tackle|do|go|help|send|reply|answer|file|draft|prepare|rotate|restart|revert|roll|kill|drop|wipe|reboot|redeploy|retry|reset|restore|purge|patch|flush|clear|tag|ship|land|reindex|seed|truncate|archive|prune|scale|translate|regenerate|refresh|raise|lower|increase|decrease|pin|unpin|turn|shut|spin|tear|ping|notify|tell|ask|email|post|message|call|book|schedule|order|approve|sign|submit|remind|let|keep|leave|stop|pause|resume|cancel|abort|block|unblock|grant|revoke|invite|assign|hand|give|copy|upload|download|fetch|pull|push|commit|sync|back|lock|unlock|mute|silence|page|renew|regen|chase|nuke|extend|deal|see|follow|loop|cc|escalate|reissue|yank|poke|nudge|bisect|profile|measure|count|tally|query|find|figure|get|fill|sort|split|squash|cherry-pick|bump|clone|mark|skip|apply)`;

/** A base verb of work as a whole word. */
export const EN_BASE_WORD = new RegExp(r`^${EN_BASE}$`, "i");

/** The verb "hand over/off" with an object of its own sent to someone: not the document, nor the work or session. */
export const HAND_THING_TO =
  /\bhand(?:s|ed|ing)?\s+(?:over|off)\s+(?!(?:(?:the|my|our|your|all|this|any)\s+)*(?:(?:remaining|open|current|rest\s+of\s+the)\s+)?(?:work|session|baton|tasks?|tickets?|notes?|docs?|document|handoff|progress|project|context|state|everything|it|them)\b)(?:[\w.'’/-]+\s+){1,5}?to\s+(?!be\b|do\b|make\b)\S+/i;

/** A base verb of work standing as a bare order at a clause's end, after a joint (not the document's own verbs). */
export const BARE_ORDER = new RegExp(
  r`(?:^(?=\S+\s+(?:it|them|this|that|pls|please)\b)|[,:;~—–]\s*|\s-\s*|\band\s+)(?:please\s+|pls\s+|just\s+)?(?!(?:write|update|commit|push|save|stop|finish|complete|add|make|do|file|draft|prepare|create|leave|keep|send|wrap|close|check|look|go|help|take|start|work|continue|pick|set|test|try|answer|reply|hand|give|let|get|mark|skip|apply|find|fill|sort|list)\b)` +
    EN_BASE + r`\b(?:\s+(?:it|them|this|that))?(?:\s+(?:pls|please|plz|now|asap|too|first|today))?\s*[.!]*\s*$`,
  "i",
);

/**
 * Any word as a bare order after "and" at a clause's end, alone or on "it" / "them" ("Cheers, and drain.", "Write the
 * handoff and vacuum it."), or with "it" / "pls" after a colon, a tilde or a dash sign-off ("~Dana: drain it"): not
 * courtesy, not the document's own verbs (writing, delivering, formatting it), not a state word.
 */
export const BARE_WORD_ORDER = new RegExp(
  r`(?:\band\s+(?:please\s+|pls\s+|just\s+)?(?=[a-z]+(?:\s+(?:it|them))?\s*[.!]*\s*$)|[:~—–]\s*(?=[a-z]+\s+(?:it|them|pls|please)\b))` +
    r`(?!(?:write|update|commit|push|save|stop|finish|complete|date|title|name|format|proofread|polish|shorten|trim|tidy|reread|read|share|send|attach|paste|print|number|label|summari[sz]e|condense|tighten|leave|wrap|close|exit|rest|sleep|relax|go|bye|goodbye|thanks|thank|cheers|cya|ty|ok|okay|good|great|done|that|this|it|you|me|us|them|so|then|more|all|everything|nothing|out|off|up|on|home|enjoy|chill|log|sign|why|how|what|where|when|which|who|whom|whose|why|also|too|more|less|both|either|neither|each|not|no|yes|please|pls|thx|later|now|today|here|there|again)\b)` +
    r`[a-z]+(?<!\w{2}ed|\w{3}ing|ly|[^s]s)\b(?:\s+(?:it|them))?(?:\s+(?:pls|please|plz))?\s*[.!]*\s*$`,
);

/** A second item opened as such ("One more thing: the renewal.", 하나 더, もう一つ): a task of its own. */
export const ONE_MORE =
  /^(?:oh,?\s+)?(?:one\s+more\s+thing|another\s+thing|also|one\s+last\s+thing|and\s+one\s+more)\s*[:,—–-]\s*\S|^(?:그리고\s*)?하나\s*더\s*[:,]?|^もう一つ|^あと一つ|^それと[、:：]/i;
