/**
 * English Stop-gate patterns. Announcements are first person ("I'll…", "Let me…", "I'm now…")
 * or subjectless progress lines ("Starting on X.", "Moving on to Y.", "Next: Z."); the verbs
 * that follow an "I'll" but are not work (wait, stop, be around, note, explain…) are excluded
 * where they appear, because "I'll wait for the build" is not an unfinished announcement.
 */
import type { LangPatterns } from "./pattern-types.ts";

const r = String.raw;

/** Verbs after "I'll"/"I will" that are not work still to be done in this turn. */
const NOT_WORK =
  r`(?:(?:just|also|then|now|simply|happily|gladly)\s+)?(?:not|never|wait|await|stop|pause|hold|halt|leave|let\s+you|be|need|defer|hand|end|note|mention|point|summari[sz]e|recap|explain|clarify|keep\s+you|report\s+back|check\s+back|circle\s+back|get\s+back|come\s+back|check\s+(?:in\s+)?on|poll|stand\s*by|refrain|avoid|assume|remember|know|ask|admit|say|confess|concede|grant)\b`;
const AUX =
  r`(?:'ll|\s+will|\s+shall|'m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to|\s+are\s+going\s+to|'m\s+about\s+to|\s+am\s+about\s+to)`;
const PROGRESS =
  r`(?:starting|moving|proceeding|continuing|resuming|beginning|switching|turning|heading|diving|kicking\s+off|picking\s+up|getting\s+started|jumping|going\s+back|circling\s+back|(?:pushing|pressing|carrying|forging)\s+(?:on|ahead))`;
/** Round 20: "Continuing to watch the CI run.", "Still monitoring.": the agent goes on waiting, not working. */
const GOING_ON_WATCHING =
  r`^(?:(?:now|so|and|still),?\s+)*(?:continuing|going\s+on|carrying\s+on)\s+to\s+(?:watch|monitor|poll|wait|track|keep\s+(?:an\s+eye|watch|tabs))\b`;
/** A gerund used as a subject ("Starting the server takes 3 s") is description, not a plan. */
const GERUND_SUBJECT =
  r`^\S+ing\b[^,;:—]*?\b(?:takes|took|is|was|are|were|showed|shows|requires|required|fails|failed|causes|caused|makes|made|needs|seems|works|worked)\b` +
  // "Building X on this would lead to Y": a prediction about doing it, not a step (round 18). Not across "so"/"to":
  // "Rebuilding now so the cache would be fresh".
  r`|^\S{1,30}ing\b(?:(?!\b(?:so|to|because|since|that|which|then|and)\b)[^,;:—]){0,120}?\s(?:would|could|might|should)\s+(?:not\s+)?(?:\w+ly\s+)?[a-z]+\b` +
  // "Raising the resolver timeout fixes it": a present verb with its own object after the gerund's phrase.
  r`|^\S+ing\b(?:(?!\b(?:whether|if|why|how|what|that|and|then)\b)[^,;:—])*?\s[a-z]{3,}(?<!ss)(?:es|s)\s+(?:it|them|this|that|everything)\b` +
  // Round 20: "Pushing to main triggers the deploy job", "Moving the import to the top fixed the cycle": a gerund phrase
  // with a verb of effect after it, not across a relative, a purpose or a sequence ("Running the script that fixes …").
  r`|^(?!(?:checking|verifying|confirming|testing|seeing|ensuring|making\s+sure|validating|double-checking)\b)\S+ing\b(?:(?!\b(?:that|which|who|so|and|then|until|while|if|whether|now)\b|\bto\s+(?!(?:the|a|an|main|master|origin|prod|production|staging|its|their|our|my)\b))[^,;:—]){1,80}?\s(?:fixe[sd]|triggers|triggered|reproduces|reproduced|breaks|broke|solves|solved|resolves|cures|cured|causes|caused|prevents|prevented|avoids|avoided|restores|restored|removes|removed|halves|halved|doubles|doubled|cuts|cut|reduced|shaved|improved|speeds\s+up|sped\s+up|brings|brought|gives|gave|yields|yielded|surfaces|surfaced|exposes|exposed|hides|hid)\s+(?:the|a|an|it|them|this|that|these|those|our|its|their|my|nothing|no|every|all|both|\d)\b`;
const NOT_GERUND =
  r`(?!(?:everything|nothing|something|anything|thing|things|string|strings|during|morning|evening|bring|ring|king|spring|showing|displaying|rendering|returning|printing|listing|passing|failing|succeeding|matching|pointing|containing|including|supporting|using|reporting|working(?!\s+on)|missing|pending|remaining|existing|following|outstanding|according|regarding|being|having|warning|heading|blocking|breaking|ongoing|upcoming|incoming|trailing|leading|corresponding|underlying|surrounding|resulting|interesting|amazing|ceiling|wedding|clothing|nothing|stopping|pausing|halting|ending|waiting|leaving|signing|wrapping\s+up|standing|holding|yielding|handing|watching|monitoring|polling|keeping\s+(?:an\s+eye|watch|tabs)|letting|checking\s+back|giving\s+(?:it|them|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:some\s+|a\s+(?:few\s+)?|more\s+|\d+\s+)?(?:time|minutes?|seconds?|moment|bit|while))\b)`;
/**
 * A finite verb or a verdict: a sentence with one states something, where a sentence without
 * one ("Now the full test suite.", "Staging and committing.") names the next action.
 */
const FINITE =
  r`\b(?:is|are|was|were|am|been|has|have|had|does|did|do|can|could|will|would|should|must|may|might|shall|works?|worked|pass|passe[sd]|fails?|failed|shows?|showed|returns?|returned|looks?|looked|matche[sd]|seems?|seemed|builds|built|runs|ran|compiles|compiled|renders|rendered|handles|handled|contains|includes|lives|points|uses|used|loads|loaded|starts|started|succeeds|succeeded|finishe[sd]|completes|completed|resolves|resolved|stays|remains|supports|reports|reported|gives|gave|produces|produced|confirms|confirmed|landed|lands|found|got|went|came|appears|appeared|behaves|exists|means|meant|needs|needed|takes|took|fixed|added|updated|removed)\b|n't\b|[✅✓]`;
/** What "Now …" is followed by when it states a result ("Now green across the board"). */
const NOW_STATE =
  r`^(?:and\s+)?now\s+(?:(?:that|it|you|they|there|this|everything|all|both|each|only|also|fully|correctly|properly)\b|(?:showing|displaying|rendering|returning|printing|listing|passing|failing|succeeding|matching|pointing|containing|including|supporting|using|reporting|available|live|green|fixed|done|complete|working|ready|clean|correct|in\s+place|supported|enabled|disabled|visible|possible|consistent|identical|aligned)\b)`;
/** Progressives that describe a stance or a setup, not work under way: "I'm leaning toward B". */
const STATIVE =
  r`(?:leaning|hoping|using|relying|targeting|keeping|aiming|expecting|considering|treating|following|favou?ring|inclined|happy|glad|trying\s+to\b(?![^.]*\b(?:now|next|again)\b))`;
/** Base-form verbs of work, for subjectless commands ("Now rerun the linter."). */
const WORK_VERB =
  r`(?:re-?run|run|fix|update|add|remove|delete|rename|refactor|implement|write|rewrite|commit|push|bump|wire|swap|replace|move|split|merge|rebase|install|build|rebuild|deploy|retest|test|check|verify|apply|migrate|regenerate|generate|revert|clean\s+up|clean|format|lint|document|port|extract|patch|change|edit|create|restart|finish|tackle|address|handle|investigate|debug|profile|measure|convert|plug|drop|enable|disable|tighten|simplify|inline|wrap|tidy|trim|look\s+into|dig\s+into|go\s+through|review|stage|squash|amend|read|inspect|confirm|validate|compare|grep|search|open|scan)`;
/** Gerunds of work that open a fragment announcing it ("Checking the config.", "Looking at the logs."). */
const WORK_GERUND =
  r`(?:checking|looking\s+(?:at|into|for|through)|reading|re-?running|searching|grepping|fixing|updating|adding|writing|rewriting|creating|examining|inspecting|investigating|verifying|exploring|reviewing|opening|building|rebuilding|installing|editing|refactoring|removing|deleting|implementing|renaming|replacing|applying|patching|committing|pushing|regenerating|rerunning|wiring|tracing|debugging|profiling|measuring|locating|finding|scanning|digging\s+into)`;
/** Verbs of checking that take an embedded question: "check whether", not a condition. */
const CHECK_BEFORE =
  r`(?<!\b(?:check|checking|see|seeing|verify|verifying|test|testing|confirm|confirming|determine|out|look|know|ask|asking|whether)\s)`;
/** After "if you" / "whether you": the words before it were not a verb of checking ("check if you have…"). */
const CHECK_AFTER =
  r`(?<!\b(?:check|checking|see|seeing|verify|verifying|test|testing|confirm|confirming|determine|out|look|know|ask|asking)\s+(?:if|whether)\s+you)`;
/** What the agent's own background work does that a step waits on: "the checks pass", "CI is green", "the last scan is in". */
const EVENT =
  r`(?:pass(?:es)?|go(?:es)?\s+green|turns?\s+green|(?:is|are)\s+(?:all\s+)?(?:in|back|green|done|through|finished)|finish(?:es)?|completes?|clears?|lands?|settles?|wraps?\s+up|returns?|reports?(?:\s+(?:back|in))?|comes?\s+(?:back|in))\b`;
/** The agent's own background work, or a pronoun for it: what an event of `EVENT` happens to. */
const OWN_JOB =
  r`(?:CI|checks?|tests?|(?:test\s+)?suites?|builds?|pipelines?|(?:sub-?)?agents?|agents'\s+\w+|reviewers?|reviews?|scans?|jobs?|runs?|deploy(?:s|ment)?|rollout|benchmarks?|results?|reports?|numbers|workflows?|stages?|actions|PR|one|ones|rest|others|third|second|last|it|they|both|all|everything)`;
/** An event of someone else's or of a thing the agent waits out, in the third person: "merges", "is renewed", "has run". */
const OTHERS_EVENT =
  r`(?:publishes|provisions|merges|opens|takes|resets|ships|signs\s+off|approves|confirms|decides|agrees|renews|rotates|deploys|releases|lifts|restarts|reboots|responds|replies|drains|empties|recovers|stabili[sz]es|catches\s+up|calms\s+down|cools\s+down|winds\s+down|` +
  r`(?:is|are|gets|get|has\s+been|have\s+been)\s+(?:\w+ly\s+)?(?:done|ready|back(?:\s+up)?|up|live|out|merged|approved|deployed|released|renewed|raised|finali[sz]ed|provisioned|published|rotated|restored|available|unblocked|lifted|over|signed\s+off|taken|cleared|closed|resolved|mitigated|agreed)|` +
  r`(?:has|have)\s+(?:run|finished|settled|landed|shipped|merged|passed|cleared|completed|replied|responded|confirmed|approved|signed\s+off))\b`;
// (round 20: "whenever the replica catches up", "by the time the DBA is online")
const CONDITION =
  r`(?:if|(?<!\bat\s)once|when|whenever|unless|as\s+soon\s+as|by\s+the\s+time|provided(?:\s+that)?|assuming|in\s+case)`;
/** "Next time I'll…" promises a habit, not work for this turn. */
const HABIT =
  r`\b(?:next\s+time|in\s+(?:the\s+)?future|from\s+now\s+on|from\s+here\s+on|going\s+forward)\b|\b(?:I|we)(?:'ll|\s+will)\s+always\b`;
/** What only a person does: a console, a dashboard, an approval or a grant (never the agent's step). */
const READER_ONLY =
  r`\b(?:console|dashboard|portal|browser|admin\s+panel|(?:repo|repository|project|org|account)\s+settings|approve|grant|authori[sz]e|sign\s+in|log\s+in|` +
  // (round 17: a click, a tap or a scan, an invitation, the reader's own device)
  r`click|tap|scan|invite\s+email|invitation|your\s+(?:phone|inbox|email|laptop|device))\b`;
/** The same, in a sentence with no "I", "we" or "let me" of the agent's ("Next, grant the bot write access."). */
const READER_ONLY_STEP = r`^(?![^.]*\b(?:I|we|let(?:'s|\s+me))\b)[^.]*` + READER_ONLY;
/** "Continuing the investigation, I found…": a participle clause before a main clause. */
const PARTICIPLE_CLAUSE =
  // (round 20: "Reviewing the diff again, nothing else touches the session store.")
  r`^[^,]+,\s+(?:I|we|it|the|this|that|everything|all|nothing|none|no|only|every|each|both|they|there)\b`;
const INTERJECTION = r`(?:(?:ok(?:ay)?|alright|all\s+right|good|great|right|so|and|now)[,.!]?\s+)*`;
const SENTENCE_QUESTION = r`\?\s*[)\]*_"']*$`;

/** Past participles of finished work: a fragment ending on one states a result. */
const PARTICIPLE =
  r`(?:pushed|merged|committed|fixed|added|applied|deployed|landed|updated|removed|resolved|released|shipped|published|created|written|built|installed|renamed|reverted|restored|deleted|enabled|disabled|bumped|tagged|moved|rebased|squashed|regenerated|addressed|verified|confirmed|done|complete|completed|finished|green|clean|passing|in\s+place|sorted|handled|wired(?:\s+up)?|cleaned\s+up)`;
/** Base-form verbs a message tells the reader to do: work verbs and the reader's own actions. */
const READER_VERB = r`(?:` + WORK_VERB +
  r`|try|playtest|approve|restart|reconnect|reboot|grant|rotate|paste|click|log\s+in|sign\s+in|give|send|share|provide|upload|invite|authori[sz]e|accept|reply|answer|choose|pick|decide|tell|set|add|enable|create|turn|plug|unplug|connect|flash|power|press|visit|go|holler|shout|yell|ping|tap|scan|relaunch|reopen)`;
/** Verbs in the third person that say what code now does ("Now displays as…", "Now the CLI exits 2"). */
const BEHAVES =
  r`(?:displays|shows|renders|returns|prints|reads|writes|uses|handles|accepts|rejects|skips|ignores|includes|contains|supports|works|runs|loads|saves|stores|sends|logs|emits|throws|raises|falls|points|lists|matches|sorts|groups|counts|appears|behaves|respects|defaults|resolves|exits|retries|waits|validates|parses|formats|calls|creates|keeps|honou?rs|reports|fails|passes|builds|compiles|opens|closes|refreshes|updates|shows|wraps|truncates|caches|redirects|streams)`;
/** The agent's own next action in the same sentence: "I'll make sure it is committed". */
const FIRST_PERSON_NEXT =
  r`\b(?:I|we)(?:'ll|\s+will|\s+shall|'m\s+going|\s+am\s+going|'re\s+going|\s+are\s+going|'m\s+about|\s+am\s+about)\b|\blet(?:'s|\s+me|\s+us)\b|\b(?:next|then)\b`;

/** A courtesy opener: "I'll help you set up …!", "I will help you with that". */
const HELP_OPENER =
  r`^(?:(?:sure|absolutely|of\s+course|great|ok(?:ay)?)[,.!]?\s+)*(?:I|we)(?:'ll|\s+will)\s+(?:gladly\s+|happily\s+)?help\s+you\b`;
/** A purpose or a "with:" that shows the reader how: "To try it locally, run:", "Restart the server with:". */
const HOW_TO = r`^(?:(?:and|so|then)\s+)?to\s+\w+[^,:]*,\s|\b(?:with|using|via|by\s+running)\s*[:：]\s*$`;

/**
 * "Next: run `db:seed` to load the fixtures.": a "Next:" label over a bare command is a step written for the reader
 * as often as the agent's own ("Next: implement …" too), so it does not push; "Next: I'll …" does.
 */
const NEXT_FOR_READER = r`^\W*next(?:\s+step)?\W*[:：]\W*(?!let(?:'s|\s+me)\b)` + READER_VERB + r`\b`;

/** The commands or script shown to the reader: "the commands above", "these two commands", "the script below". */
const SHOWN_COMMANDS =
  r`\b(?:the|these|those|both|two|three|same)\s+(?:\w+\s+)?(?:commands?|snippets?)\b|\b(?:commands?|script|snippet)\s+(?:above|below|from\s+step)\b`;

export const EN: LangPatterns = {
  lang: "en",
  flags: "iu",
  patterns: [
    // gate 4: the turn is meant to end here
    { id: "en.escape.approval", kind: "escape", source: r`\bAWAITING APPROVAL\s*:` },
    { id: "en.escape.end", kind: "escape", source: r`\bEND UNATTENDED\s*:` },
    {
      id: "en.approval.need",
      kind: "approval",
      source:
        r`\b(?:need|needs|require|requires|awaiting|await|waiting\s+for|wait\s+for)\s+(?:your|a\s+human'?s?|human|someone'?s?|explicit|an?|the)?\s*(?:approval|sign-?off|go-?ahead|confirmation|permission|decision|review|input|call|ok|okay|otp|green\s+light|thumbs[\s-]up|nod|blessing)\b` +
        // "Pending your review, I'll merge.", "The PR is up for review." (round 16)
        r`|\bpending\s+(?:your|their|a|an|the|his|her)\s+(?:[\w-]+\s+)?(?:review|approval|sign-?off|decision|feedback|ok|okay|go-?ahead|confirmation|input|answer|reply)\b|\b(?:is|are)\s+(?:now\s+)?up\s+for\s+review\b`,
    },
    {
      id: "en.approval.before-you",
      kind: "approval",
      source: r`\b(?:before|until|unless)\s+(?:you|someone|somebody|a\s+human)\b`,
    },
    {
      id: "en.approval.once-you",
      kind: "approval",
      source:
        r`\b(?:once|when|after|as\s+soon\s+as)\s+you(?:'ve|'re|\s+have|\s+are)?\s+(?:confirm|approve|review|decide|agree|sign|reply|respond|tell|let|give|say|ok|okay|choose|pick|check|renew|ready)`,
    },
    {
      id: "en.approval.please",
      kind: "approval",
      source:
        r`\bplease\s+(?:review|confirm|approve|check|decide|advise|let\s+me\s+know|tell\s+me|choose|verify|renew|rotate|take\s+a\s+look|look)\b`,
    },
    {
      id: "en.approval.let-me-know",
      kind: "approval",
      source: r`\blet\s+me\s+know\b|\btell\s+me\s+(?:whether|which|if|what|how)\b`,
    },
    {
      id: "en.approval.blocked",
      kind: "approval",
      source: r`\bI(?:'m|\s+am)\s+blocked\b|\bblocked\s+(?:on|by)\b|\bcan(?:not|'t)\s+(?:continue|proceed)\b` +
        // "…, but it needs the prod credentials, which I don't have.", "The deploy job needs a manual trigger." (round 16)
        r`|\b(?:which|that)\s+I\s+(?:don't|do\s+not)\s+have\b|\bI\s+(?:don't|do\s+not)\s+have\s+(?:the\s+|any\s+)?(?:access|credentials?|permissions?|rights|keys?|tokens?|passwords?)\b` +
        r`|\b(?:needs?|requires?)\s+(?:a\s+|an\s+)?(?:manual|human)\b` +
        // "…; I'll take it from there": the reader acts first.
        r`|\b(?:I|we)(?:'ll|\s+will|\s+can)\s+take\s+(?:it|over)\s+from\s+there\b`,
    },
    {
      id: "en.approval.human",
      kind: "approval",
      source:
        r`\b(?:needs?|requires?)\s+(?:a\s+)?(?:human|person|someone|somebody)\b|\bhuman\s+decision\b|\bI\s+need\s+(?:someone|you|a\s+human)\b|\byour\s+(?:call|decision|go-?ahead|sign-?off|approval)\b`,
    },
    {
      id: "en.approval.offer",
      kind: "approval",
      source:
        r`^if\b[^,]*\b(?:you|your)\b|\bif\s+you(?:'d|\s+would)?\s+(?:like|prefer|want|wish)\b|\bif\s+that's\s+(?:easier|ok|okay|fine|preferred|helpful)\b|\b(?:happy|glad|willing|keen)\s+to\b|\bI\s+can\s+(?:also\s+)?\w+[^.]*\bif\s+you\b|^(?:just\s+)?(?:say|tell\s+me|pick|choose|name|reply\s+with|give\s+me)\b[^.]*\band\s+I(?:'ll|\s+will)\b|\bsay\s+the\s+word\b`,
    },
    {
      id: "en.wait.word",
      kind: "wait",
      // "Wait, …" / "Hmm, wait —" is an interjection (hold on), not a wait.
      source:
        r`(?:^|\b(?:I'm|I\s+am|we're|we\s+are|I'll|I\s+will|will|now|and|just|still)\s+|[,;]\s*)(?:waiting|wait)\b(?!\s*[,!—–-])`,
    },
    {
      id: "en.wait.monitor",
      kind: "wait",
      // "I'll monitor progress as the agents report back": watching work others do is waiting.
      source:
        r`\b(?:I'll|I\s+will|I'm|I\s+am|we'll|we\s+will)\s+(?:(?:keep|continue)\s+)?(?:monitor(?:ing)?|watch(?:ing)?|keep(?:ing)?\s+an\s+eye\s+on|track(?:ing)?)\b`,
    },
    {
      id: "en.wait.hold",
      kind: "wait",
      source: r`\b(?:holding|hold(?:ing)?\s+off|continuing\s+to\s+(?:hold|wait))\s+(?:for|until|on)\b` +
        // "Going to hold here until the vendor replies." (round 16)
        r`|\bhold(?:ing)?\s+(?:here|off|for\s+now)\b`,
    },
    {
      id: "en.wait.event",
      kind: "wait",
      source:
        r`\b(?:once|when|after|as\s+soon\s+as|until)\s+(?:it|that|this|they|the\s+\S+(?:\s+\S+)?)\s+(?:finish(?:es)?|completes?|is\s+done|are\s+done|reports?\s+back|returns?|lands?|arrives?|comes?\s+back|is\s+ready|merges|is\s+merged|gets\s+merged|is\s+approved|gets\s+approved|goes\s+(?:in|live|out)|ships|propagates)\b` +
        r`|\b(?:once|when|after|as\s+soon\s+as|until)\s+(?:it|that|this|they)(?:'s|'re)\s+(?:done|finished|complete|ready|back|live|out|up|deployed|merged|released|green|available|listening)\b` +
        // "I'll address comments as they come in." (round 16)
        r`|\bas\s+(?:they|the\s+\w+|comments|reviews|results|reports)\s+(?:come|roll|trickle|arrive)\s*(?:in|back)?\b` +
        // Round 17 (w4): "Whenever the staging box is free again, I'll …", "After the customer confirms the fix on their
        // end, I'll …", "The rest is up to the release manager; …": a thing's or a person's event, a person's part.
        r`|\b(?:once|when|whenever|after|as\s+soon\s+as|until)\s+(?:it|that|this|they|the\s+\S+(?:\s+\S+)?)\s+(?:is|are|gets?)\s+(?:free|available|idle|back\s+up|unblocked|unlocked)\b` +
        r`|\b(?:once|when|whenever|after|as\s+soon\s+as|until)\s+(?:the\s+|our\s+|their\s+)?(?:customer|client|user|DBA|admin|manager|maintainers?|reviewers?|team|vendor|owner|lead|ops|QA|security|legal)s?\s+(?:confirms?|approves?|replies|responds?|signs?\s+off|agrees?|checks?|verifies|tests?|reviews?|merges?|gets\s+back)\b` +
        r`|\bon\s+(?:their|your|his|her)\s+(?:end|side)\b` +
        r`|\bup\s+to\s+(?:the\s+)?(?:\w+\s+)?(?:manager|team|owner|lead|maintainers?|reviewers?|admin|DBA|ops|QA|security|legal|customer|client)\b`,
    },
    // "I'll merge it after the review": the next step waits on someone else's review, approval or meeting.
    {
      id: "en.wait.after-event",
      kind: "wait",
      scope: "tail",
      source:
        r`\bafter\s+(?:the|your|their|a|an|his|her)\s+(?:[\w-]+\s+)?(?:review|reviews|approval|sign-?off|meeting|call|feedback|go-ahead|green\s+light|demo|stand-?up|release|reboot|power\s+cycle|freeze)\b` +
        // "I'll merge it after approval.", "On your go, I'll run the migration." (round 16)
        // ("on" names a place as often: "Subtotal shown on review page." in a plan of the agent's own, round 17.)
        r`|\b(?:after|upon|pending)\s+(?:approval|sign-?off|review|confirmation)\b` +
        r`|\bon\s+(?:approval|sign-?off|confirmation)\b(?!\s+(?:page|screen|tab|panel|step|form|view|dialog|modal|button)s?\b)` +
        r`|\bon\s+your\s+(?:go|signal|word|mark|command|ok|okay)\b`,
    },
    // Round 18: a promise to ask the reader first ("From now on I'll check with you before any edit", "I'll run each
    // step past you", "I'll get your sign-off before I change anything"): the next step is the reader's answer.
    {
      id: "en.wait.ask-first",
      kind: "wait",
      scope: "tail",
      source:
        r`\b(?:check|confirm|clear\s+(?:it|them|that|this))\s+with\s+you\b|\b(?:run|pass)\s+(?:\w+\s+){0,3}?(?:past|by)\s+you\b` +
        r`|\b(?:ask|check)\s+(?:you\s+)?(?:first|before)\b|\bget\s+(?:your\s+|an?\s+|the\s+)?(?:explicit\s+)?(?:approval|sign-?off|ok|okay|go-?ahead|confirmation|consent)\b` +
        r`|\bwait\s+for\s+(?:a\s+|your\s+)?(?:yes|reply|answer|go|nod)\b|\b(?:until|once|after)\s+you\s+(?:confirm|approve|agree|say\s+so|reply|answer)\b` +
        r`|\byour\s+(?:ok|okay|go-?ahead|approval|sign-?off)\s+(?:first|second|before)\b`,
    },
    {
      id: "en.handoff",
      kind: "handoff",
      source:
        r`\bnew\s+session\s+needed\b|\bhandoff\s+(?:document\s+|doc\s+)?(?:is\s+)?(?:written|committed|ready|lists)\b|\b(?:context|soft|hard)\s+limit\b|\bnext\s+(?:session|worker)\s+should\b`,
    },
    // The message turns to the reader (issue 31): the next move is theirs, so it is a wait.
    {
      id: "en.reader.from-you",
      kind: "approval",
      scope: "tail",
      source:
        r`\bfrom\s+you\b|\bfor\s+you\s+to\b|\bsuits\s+you\b|\b(?:at\s+your|when\s+(?:it's\s+)?)convenien(?:ce|t)\b|\baction\s+(?:needed|required)\b|\b(?:need(?:s|ing)?|want(?:s|ing)?|ask(?:s|ing)?|requir(?:e|es|ing)|rel(?:y|ies|ying)\s+on|count(?:s|ing)?\s+on|wait(?:s|ing)?\s+on|depend(?:s|ing)?\s+on)\s+you\b|\bup\s+to\s+you\b|\b(?:over|back)\s+to\s+you\b|\bin\s+your\s+court\b`,
    },
    // Round 19: a new session, a restart of the reader's own tool or a reload is the reader's step; the agent cannot
    // start its own next session ("I'll write up the session. Start a new session once it's saved.").
    {
      id: "en.reader.new-session",
      kind: "approval",
      scope: "tail",
      source:
        r`\b(?:start|open|begin|launch|use)\s+(?:a\s+|the\s+)?(?:new|fresh|next)\s+(?:session|chat|conversation|context)\b|` +
        r`\brestart\s+(?:Claude(?:\s+Code)?|your\s+(?:session|editor|IDE|terminal|shell|app|browser))\b`,
    },
    {
      id: "en.reader.you-must",
      kind: "approval",
      scope: "tail",
      source:
        r`\byou(?:'ll|\s+will|'d|\s+would)?\s+(?:(?:still|also|first|just)\s+)?(?:need|have\s+to|has\s+to|must|should|might\s+want|may\s+want|want\s+to|can|could)\b`,
      unless: r`\bas\s+you\s+(?:can|could|might|may)\b|\byou\s+(?:can|could)\s+(?:see|tell)\b|` +
        // A general "you" in a reflection on what a design allows ("the nice thing is that you can swap …", "that
        // means you can call it from anywhere"), never a step for the reader (run, approve, merge, review …).
        r`^(?![^.]*\b(?:now|please|just|then|next)\b)[^.]*\b(?:is\s+that|means(?:\s+that)?|in\s+place,?)\s+you\s+can\s+(?!(?:now\s+)?(?:approve|grant|merge|review|run|try|test|restart|log|sign|open|check|confirm|deploy|push|install|pull|reload|see|use\s+it)\b)\w+`,
    },
    {
      id: "en.reader.condition",
      kind: "approval",
      scope: "tail",
      source:
        r`\b(?:once|when|after|as\s+soon\s+as|until|before|unless|whenever)\s+you(?:'ve|'re|'d|\s+have|\s+are|\s+had)?\b|` +
        r`\b(?:if|whether)\s+you\b` + CHECK_AFTER,
    },
    {
      id: "en.reader.your",
      kind: "approval",
      scope: "tail",
      source:
        r`\byour\s+(?:turn|call|choice|decision|move|input|answer|preference|go-?ahead|approval|sign-?off|confirmation|action|side|end|credentials?|token|key|password|permission)\b`,
    },
    {
      id: "en.reader.imperative-then-i",
      kind: "approval",
      scope: "tail",
      // "Restart the server and I'll retry": the reader acts first. A dot inside a token ("2.4 GHz") is no sentence end.
      source: r`(?:^|\s[—–]\s*|;\s*)(?:please\s+)?(?:go\s+(?:ahead\s+and\s+)?)?` + READER_VERB +
        r`\b(?:[^.?!]|[.?!](?!\s|$))*?(?:\band\b|\bthen\b|,)\s*(?:then\s+)?(?:(?:once|when|if|after)\s+[^,.;]{1,40}?,?\s+)?(?:I|we)(?:'ll|\s+will|\s+can|'d\s+be\s+able)\b`,
    },
    {
      id: "en.reader.next-only",
      kind: "approval",
      scope: "tail",
      // "Next, authorize the app in your account and I'll retry.", "Now approve the pending deployment.": after a
      // sequencing word, a step only a person takes (an approval, a grant, a console) is the reader's (cycle 2).
      source: r`^(?:(?:ok(?:ay)?|all\s+done|done|pushed|good)[,.!]?\s+)?(?:next|now|then|first)[,:]?\s+(?:please\s+)?` +
        r`(?:approve|grant|authori[sz]e|sign\s+in|log\s+in|open\s+the\s+(?:\w+\s+)?(?:console|dashboard|portal|admin\s+panel)|accept\s+the\s+invit)`,
    },
    // "Next: rotate the key in the AWS console, then I'll update the secret in CI.": after a sequencing word, a step in
    // a place only a person reaches, then the agent's own step (round 16).
    {
      id: "en.reader.next-place",
      kind: "approval",
      scope: "tail",
      source: r`^(?:(?:ok(?:ay)?|done|good)[,.!]?\s+)?(?:next|now|then|first)\s*[,:]?\s+(?!(?:let|I|we)\b)[^.]*` +
        READER_ONLY + r`[^.]*\b(?:then|and)\s+(?:I|we)(?:'ll|\s+will|\s+can)\b`,
    },
    {
      id: "en.reader.tell-me",
      kind: "approval",
      scope: "tail",
      // "…, then tell me both and I'll reflash": the agent's next step waits on what the reader sends.
      source:
        r`(?:^|,\s*|\b(?:then|and)\s+)(?:just\s+)?(?:tell|send|give|show|paste|share|forward)\s+(?:me|us)\b(?:[^.?!]|[.?!](?!\s|$))*?\band\s+(?:I|we)(?:'ll|\s+will|\s+can)\b`,
    },
    // Round 17, from wait batch w1: the next thing named is a person's or a team's event ("Next, the design review with
    // the platform group.", "Up next is the vendor's call on the rate limit.", "Then the release, after QA signs off.").
    {
      id: "en.wait.next-person",
      kind: "wait",
      scope: "tail",
      source: r`^(?:(?:ok(?:ay)?|done|good)[,.!]?\s+)?(?:next(?:\s+up)?|up\s+next(?:\s+is)?|then)\b[^.?!]*?` +
        r`(?:\b(?:review|approval|sign-?off|signs?\s+off|go-?ahead|gives?\s+the\s+go|green\s+light|decision|call|answer|reply|feedback|vote|picks?|decides?)\b` +
        r`|\b(?:legal|QA|DBA|vendor|maintainers?|reviewers?)\b|\b\w+\s+(?:team|group)\b|\b\w+'s\s+(?:\w+\s+)?(?:call|review|approval|sign-?off|decision|go)\b` +
        r`|\bfrom\s+(?:security|legal|QA|ops|the\s+\w+\s+(?:team|group)))`,
      // (Not the agent's own review pass: "Next, a self-review of the diff.", "Next up: reviewing the parser.")
      // (…nor with the agent as the subject right after "Next": "Next, I'll review the diff." A later "then I'll merge"
      // comes after the person's event and keeps it a wait.)
      unless: r`\b(?:self-?review|code\s+review\s+pass|my\s+(?:own\s+)?review|reviewing)\b|` +
        r`^(?:(?:ok(?:ay)?|done|good)[,.!]?\s+)?(?:next(?:\s+up)?|up\s+next(?:\s+is)?|then)\b[,:]?\s+(?:I|we|let(?:'s|\s+me))\b`,
    },
    // Restarting the host the agent runs in (Claude Code, the editor, the terminal) is the reader's step, whatever
    // follows ("Restart Claude Code so the hook loads; then I'll verify the output.", round 17).
    {
      id: "en.reader.host",
      kind: "approval",
      source:
        r`\b(?:restart|relaunch|reopen|reload|quit\s+and\s+reopen)\s+(?:Claude\s+Code|claude|the\s+(?:IDE|editor|terminal|app|window|session|CLI)|VS\s?Code|Cursor|Xcode|your\s+\w+)\b`,
    },
    // The next part is the reader's, in so many words ("The next part is yours: …", "Your move: …", "This bit is on you").
    // The rest is the reader's side of the work ("The rest is manual:", "From here on it's on your side", round 17).
    {
      id: "en.reader.side",
      kind: "approval",
      source:
        r`\b(?:the\s+rest|from\s+here(?:\s+on)?|what's\s+left|the\s+remaining\s+steps?)\s+(?:is|are|it's)\s+(?:all\s+)?(?:manual|on\s+your\s+(?:side|end)|for\s+you|yours)\b`,
    },
    {
      id: "en.reader.yours",
      kind: "approval",
      source: r`\b(?:is|are)\s+(?:all\s+)?(?:yours|on\s+you)\b|\byour\s+(?:move|turn)\b`,
    },
    // A check on the reader's intent at the end of the agent's reading ("…, if that's what you meant.", "…, assuming
    // that's your intent.").
    {
      id: "en.reader.intent",
      kind: "approval",
      source:
        r`\b(?:if|assuming|provided|as\s+long\s+as)\s+(?:that's|that\s+is|this\s+is|that|it's)\s+(?:what\s+you\s+(?:meant|mean|want(?:ed)?|had\s+in\s+mind|intended|asked\s+for)|(?:your|the)\s+(?:intent|intention|plan|call|preference))\b` +
        r`|\bif\s+(?:that|this|it)\s+(?:lines\s+up\s+with|matches|fits|aligns\s+with|is\s+close\s+to)\s+(?:your|what\s+you)\b`,
    },
    // The same step for the reader's own copy, then the agent's ("Same change for your fork: cherry-pick … and I'll rebase.").
    {
      id: "en.reader.same-for-yours",
      kind: "approval",
      scope: "tail",
      source: r`^(?:the\s+)?same\s+(?:\w+\s+)?(?:for|on|in)\s+your\b`,
    },
    {
      id: "en.reader.imperative-your",
      kind: "approval",
      scope: "tail",
      // An instruction about the reader's own things: "Create a network on your router, …".
      source: r`^(?:please\s+)?(?:go\s+(?:ahead\s+and\s+)?)?` + READER_VERB + r`\b[^\n]*\byour\b`,
    },
    {
      id: "en.reader.go",
      kind: "approval",
      scope: "tail",
      // "Go reconnect the device…", "Go ahead and merge it": said to the reader.
      source: r`^go\s+(?:ahead\s+and\s+)?(?!(?:through|back|over|on|with|ahead|deeper|further|into)\b)[a-z]+\b`,
    },
    {
      id: "en.reader.plan-ok",
      kind: "approval",
      // "If the plan looks good, I'll start": the next step hangs on the reader's judgement.
      source:
        r`\bif\s+(?:this|that|the|my|these)\s+(?:plan|approach|proposal|direction|design|outline|list|summary|scope|changes?|spec)\s+(?:looks?|sounds?|is|are|seems?)\s+(?:good|fine|ok(?:ay)?|right|reasonable|acceptable)\b|\bif\s+(?:that|this|it|all\s+(?:of\s+)?(?:that|this))\s+(?:sounds?|looks?|seems?)\s+(?:good|right|ok(?:ay)?|fine|reasonable)\b|\bif\s+(?:all\s+good|no\s+objections|you're\s+(?:ok|okay|happy|fine)\s+with)\b|\bif\s+there\s+are\s+no\s+objections\b|\bunless\s+(?:there\s+are\s+)?(?:any\s+)?objections\b`,
    },
    { id: "en.reader.please", kind: "approval", scope: "tail", source: r`\bplease\b|\bfeel\s+free\b|\bping\s+me\b` },
    {
      id: "en.reader.choice",
      kind: "approval",
      scope: "tail",
      source:
        r`\b(?:two|three|four|a\s+few|several|some|a\s+couple\s+of|the)\s+(?:(?:real|main|possible|viable|good|obvious|clear|different)\s+)?(?:options|choices|alternatives|ways(?:\s+(?:forward|to\s+do\s+(?:it|this|that)))?|paths|forks|routes|approaches|directions)\b|^(?:option|alternative|approach)\s+(?:[a-d1-4]|one|two)\b|\beither\b[^.]*\bor\b[^.]*\b(?:works|is\s+fine|fine|would\s+work)\b|\b(?:whichever|whatever)\s+you\b`,
    },
    {
      id: "en.reader.menu",
      kind: "approval",
      scope: "tail",
      // "[A] Advanced … [C] Continue", "Choose [1], [2] or [3]": a menu offered to the reader, in any script.
      source:
        r`^\s*(?:\*\*)?\[(?![xX]\])[A-Za-z0-9]{1,2}\](?:\*\*)?\s+\S|\[(?![xX]\])[A-Za-z0-9]{1,2}\][^\n]*\[(?![xX]\])[A-Za-z0-9]{1,2}\]`,
    },
    {
      id: "en.reader.choose",
      kind: "approval",
      scope: "tail",
      // A bare imperative only the reader can carry out: choose, select, reply, specify, provide.
      source:
        r`^(?:(?:please|now|so|then|just)[,]?\s+)?(?:choose|select|pick|specify|reply|respond|answer|enter|type|provide|decide|approve|confirm)\b(?!\s+(?:that|whether|if)\b)`,
    },
    {
      id: "en.reader.try-it",
      kind: "approval",
      scope: "last",
      source: r`^(?:try\s+it|give\s+it\s+a\s+(?:try|go|spin)|have\s+a\s+look|take\s+a\s+look|check\s+it\s+out)\b`,
    },
    // "Quick question:" at the very end introduces a question to the reader.
    {
      id: "en.question.label",
      kind: "question",
      source:
        r`\b(?:(?:a\s+|one\s+|quick\s+|two\s+|a\s+few\s+)?questions?|to\s+confirm|before\s+I\s+(?:go\s+on|continue|proceed))\s*[:：]\s*$` +
        // "Three things to decide before I plan the rest:": decisions listed for the reader.
        r`|\b(?:things?|points?|decisions?|choices?|details?)\s+(?:(?:still\s+)?to\s+(?:decide|settle|pin\s+down|agree\s+on)|(?:that\s+)?need\s+(?:a\s+)?(?:decision|deciding|your))\b[^:：]*[:：]\s*$`,
    },
    { id: "en.question.end", kind: "question", source: SENTENCE_QUESTION },
    // A question to the reader written with a colon where its options (or a choice tool) follow: "About eviction,
    // should we use:", "Before I wire the queue, which would you prefer:" (round 17).
    {
      id: "en.question.colon",
      kind: "question",
      source: r`(?:^|[,;—–]\s*)(?:do|does|should|shall|would|could|will|are|is)\s+(?:we|you|I)\b[^:?\n]*[:：]\s*$` +
        r`|(?:^|[,;—–]\s*)(?:which|what)(?:\s+\w+)?(?:'s|\s+(?:would|do|should|is|are|shall))\s[^:?\n]*[:：]\s*$`,
    },
    {
      id: "en.question.addressed",
      kind: "question",
      scope: "window",
      source: r`\b(?:you|your|should\s+I|shall\s+I|should\s+we|can\s+I|may\s+I)\b.*` + SENTENCE_QUESTION,
    },
    // gate 5: work announced and not done
    // "I'll help you …" opens a reply as often as it announces: it pushes only as the message's last words.
    {
      id: "en.future",
      kind: "announce",
      source: r`\b(?:I|we)` + AUX + r`\b(?!\s+` + NOT_WORK + ")",
      unless: HABIT + "|" + HELP_OPENER,
    },
    { id: "en.help-opener", kind: "announce", last: true, source: HELP_OPENER },
    {
      id: "en.intent",
      kind: "announce",
      source: r`\b(?:I|we)\s+(?:still\s+)?(?:plan|intend|aim|need|have|want)\s+to\s+(?!` + NOT_WORK + ")",
      // ("the results will decide whether I need to …" is no intent, round 16)
      unless: HABIT + "|" + r`\bwhether\s+(?:I|we)\s+(?:still\s+)?need\b`,
    },
    {
      id: "en.future.subjectless",
      kind: "announce",
      source: r`^(?:will|going\s+to|gonna|about\s+to)\s+(?!` + NOT_WORK + r`)\w+`,
    },
    {
      id: "en.let-me",
      kind: "announce",
      source:
        r`\b(?:let\s+me|let's|lemme)\s+(?!(?:know|summari[sz]e|recap|explain|clarify|note|mention|point|list|show\s+you|be\s+clear|walk\s+you|give\s+you)\b)` +
        // (round 20: nor giving its own work time: "Let me give the tests a few minutes to run." "Let me wait …" stays: before
        // a tool call it is as often the agent's own poll, "Let me wait a bit and check again.")
        r`(?!give\s+(?:it|them|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:a\s+(?:few\s+)?|some\s+|more\s+|\d+\s+)?(?:minutes?|seconds?|time|moment|bit|while)\b)\w+`,
    },
    // The agent's own step while its own agents or jobs run: "Now I'm waiting for the remaining agents to finish. In
    // the meantime, let me check which worktrees exist." It outranks that background wait (`ownWait`), never one on the
    // reader ("Waiting on your review. Meanwhile, …").
    {
      id: "en.meanwhile",
      kind: "announce",
      source:
        r`^(?:(?:in\s+the\s+)?meantime|meanwhile|until\s+then|while\s+(?:they|those|these|it|that|the\s+\w+(?:\s+\w+)?)\s+(?:run|runs|work|works|finish|finishes|build|builds|go|goes|load|loads|(?:is|are)\s+(?:running|working|building|going)))\s*,?\s+(?:let\s+me|I'll|I\s+will|I'm\s+going\s+to)\s+(?!know\b)\w+`,
      unless:
        r`\b(?:you|your|yours|review|reviews|approval|approve|sign-?off|reply|response|answer|feedback|user|team|someone|colleague)\b`,
      ownWait:
        r`\b(?:agents?|subagents?|sub-agents?|workers?|jobs?|builds?|tests?|test\s+suite|CI|pipeline|background|tasks?|process(?:es)?|servers?|runs?|scripts?|install(?:s|ation)?|downloads?|compil\w+|deploys?|deployment)\b`,
    },
    // One more fix named at the very end, standing alone: "Also fix the fallback for when there's no config file."
    {
      id: "en.also",
      kind: "announce",
      last: true,
      subjectless: true,
      source: r`^(?:and\s+)?also\s+(?:fix|add|update|handle|cover|patch|guard)\s+(?:the|a|an|that|this|its)\b`,
      unless: r`\b(?:you|your|yours)\b`,
    },
    // The same after a plain wait on the agent's own agents or jobs: "Now I'm waiting for the last two agents to
    // complete. Let me look at the first agent's output." Never an announcement of its own (scope `window`: gate 5
    // does not try it); only tried on the step gate 5 found after such a wait, to outrank the wait.
    {
      id: "en.own-wait.step",
      kind: "announce",
      scope: "window",
      source:
        // (round 20: nor what comes after the agents are all back: consolidate, synthesize, aggregate, act on)
        r`^(?:now\s+|so\s+|ok(?:ay)?,?\s+)?(?:let\s+me|I'll|I\s+will)\s+(?!(?:wait|know|check\s+back|check\s+on|circle\s+back|report|let\s+you|get\s+back|ping|update\s+you|keep\s+you|retry|rerun|give\s+it|poll|monitor|watch|pause|consolidate|synthesi[sz]e|aggregate|collate|combine|act\s+on)\b)\w+`,
      unless:
        r`\b(?:you|your|yours|review|reviews|approval|approve|reply|response|answer|feedback|user|team|someone|when|once|after|afterwards?|if|until|unless|later|minutes?|hours?|soon)\b`,
      ownWait:
        r`\b(?:agents?|subagents?|sub-agents?|workers?|jobs?|builds?|tests?|test\s+suite|CI|pipeline|background|tasks?|process(?:es)?|servers?|runs?|scripts?|install(?:s|ation)?|downloads?|compil\w+|deploys?|deployment)\b`,
    },
    // The step stated impersonally before the edit: "The fix is to give drafts a lower rank than posts." (Not the
    // reader's fix, "… on your side", nor a remedy for a case, "If you hit this again, the fix is to …".)
    {
      id: "en.fix-is",
      kind: "announce",
      // (Only as the last words: steps for the reader after it make it advice, "… Update the value in .env.")
      last: true,
      source: r`^` + INTERJECTION +
        r`(?:the|my|our)\s+(?:(?:right|real|proper|simplest|minimal|cleanest|actual|correct|obvious)\s+)?(?:fix|solution|plan)\s+(?:here\s+|then\s+|now\s+)?is\s+to\s+` +
        // (a change to code: granting, approving or rotating something is the reader's, in a console)
        r`(?:give|make|move|add|change|use|pass|set|swap|replace|wrap|call|sort|rank|split|drop|remove|return|skip|guard|handle|normalize|include|exclude|rename|update|revert|reorder|lower|raise|increase|decrease|invalidate|escape|parse|convert|extract|inline|delete|treat|check|read|write|load|catch|retry|reset|clear|strip|trim|map|filter|merge|bump|pin|point)\b`,
      unless:
        r`\b(?:you|your|yours|if|when|whenever|unless|after|later|next|tomorrow|release|week|month|sprint|eventually|holidays?|console|dashboard|portal|settings|permissions?|access|billing|admin|already|done|did|commit)\b|\bwhich\s+is\s+what\b`,
    },
    {
      id: "en.progressive",
      kind: "announce",
      source:
        r`\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:now\s+|currently\s+|also\s+)?(?!(?:waiting|stopping|pausing|holding|leaving|ending|handing|seeing|getting|noticing|assuming|thinking|guessing|wondering|going)\b)\w+ing\b`,
      unless: r`\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:now\s+|currently\s+|also\s+|still\s+)?` + STATIVE,
    },
    {
      id: "en.on-it",
      kind: "announce",
      source: r`\bI'm\s+on\s+(?:it|that|this)\b|\b(?:I|we)\s+(?:should|must)\s+(?:now|next)\b`,
    },
    {
      id: "en.progress-start",
      kind: "announce",
      source: r`^(?:(?:now|next|ok(?:ay)?|alright|so|and|then),?\s+)*` + PROGRESS + r`\b`,
      // (round 20: "Continuing to watch the CI run." goes on waiting, not working)
      unless: GERUND_SUBJECT + "|" + PARTICIPLE_CLAUSE + "|" + GOING_ON_WATCHING,
    },
    {
      id: "en.gerund-now",
      kind: "announce",
      source: r`^(?:(?:now|next),?\s+)?` + NOT_GERUND +
        r`\w+ing\b.*\b(?:now|next|first|right\s+away|immediately)[.!]?$`,
      unless: GERUND_SUBJECT + "|" + PARTICIPLE_CLAUSE,
    },
    {
      id: "en.now-gerund",
      kind: "announce",
      source: r`^(?:` + INTERJECTION + r`(?:now|next)|(?:ok(?:ay)?|alright|right|good|great|so))[,.!]?\s+` +
        NOT_GERUND + r`\w+ing\b`,
      unless:
        r`\b\w+ing\b[^,;:—]*?\b(?:takes|took|is|was|are|were|showed|shows|requires|required|fails|failed|causes|caused|makes|made|needs|seems)\b`,
    },
    {
      id: "en.next",
      kind: "announce",
      source: r`^` + INTERJECTION +
        r`(?:next(?:\s+up)?|up\s+next|on\s+to|onto|onward\s+to|now\s+for)\b(?!\.\w)(?!\s+(?:steps?|time|session|worker)\b)\s*[:,\-–—]?\s*\S`,
      // "Next: run `db:seed` to load the fixtures.": a label over a step written for the reader.
      // (round 20: "Next up on the roadmap is …", "next in the backlog": a plan's later item, not this turn's step)
      unless: NEXT_FOR_READER + "|" + READER_ONLY_STEP + "|" +
        r`^\W*next(?:\s+up)?\s+(?:on|in)\s+(?:the\s+|our\s+)?(?:roadmap|backlog|plan|list|queue|milestone|sprint|board)\b`,
    },
    // "Time to wire up the handlers." names work; "Time to celebrate!" / "time to call it a day" signs off.
    { id: "en.time-to", kind: "announce", source: r`^time\s+to\s+(?:` + WORK_VERB + r`|wire|hook|tackle|move\s+on)\b` },
    {
      id: "en.starts-now",
      kind: "announce",
      source:
        r`\b(?:starts|begins)\s+now\b|\b(?:is|are|comes?)\s+next[.!]?$|\bdoing\s+(?:these|this|that|them|it)\s+now\b`,
    },
    { id: "en.my-next-step", kind: "announce", source: r`\bmy\s+next\s+step\s+is\b` },
    // Subjectless commands to oneself: a sequencing word, then a work verb in the base form.
    {
      id: "en.command",
      kind: "announce",
      subjectless: true,
      source: r`^` + INTERJECTION + r`(?:now|next|then|first)\b[,:]?\s+(?:let's\s+)?` + WORK_VERB + r`\b`,
      // Running the commands shown ("Then run the commands above.") is the reader's step.
      // Opening a console or approving is the reader's step ("Done. Now open the console and approve the request.").
      unless: r`\b(?:you|your|yourself|users?)\b|` + NEXT_FOR_READER + "|" + SHOWN_COMMANDS + "|" + READER_ONLY,
    },
    {
      id: "en.need-to",
      kind: "announce",
      subjectless: true,
      source: r`^(?:(?:still|also|now|just|next|then|so)\s+)*(?:need|needs|have|got)\s+to\s+(?!` + NOT_WORK +
        r`|decide|discuss|hear|confirm\s+with|check\s+with)\w+`,
    },
    {
      id: "en.checking-whether",
      kind: "announce",
      subjectless: true,
      source:
        r`^(?:now\s+)?(?:checking|verifying|confirming|testing|seeing|looking\s+into|investigating|figuring\s+out)\s+(?:whether|if|why|how|what|that)\b`,
    },
    // A fragment with no finite verb that opens on "Now" or on a gerund names the next action:
    // "Now the full test suite on the merged state.", "Staging and committing.", "— updating it to match:".
    {
      id: "en.now-fragment",
      kind: "announce",
      subjectless: true,
      source: r`^(?:(?:ok(?:ay)?|alright|good|great|perfect|so|and)[,.!]?\s+)*now\b[,:]?\s+\S`,
      // "Now I understand the issue": a clause with its own subject is no fragment.
      unless: FINITE + "|" + NOW_STATE + "|" + READER_ONLY + "|" +
        r`\b(?:you|your)\b|\bnow[,:]?\s+(?:I|we|it|this|that|they)\s+(?!'ll|will|am\s+going|'m\s+going)`,
      // (READER_ONLY: "Done. Now open the console and approve the request." is the reader's step.)
    },
    {
      id: "en.gerund-any",
      kind: "announce",
      subjectless: true,
      source: r`(?:^(?:(?:ok(?:ay)?|alright|good|great|perfect|so|and|first|also)[,.!]?\s+)*|\s[—–]\s+)` + NOT_GERUND +
        r`[a-z]+ing\b`,
      // "raising it hides loops": a gerund subject with its own verb.
      // (round 19: "yours" and the reader's own places too, "Signing the release in the portal (yours), then …")
      unless: FINITE + "|" + PARTICIPLE_CLAUSE + "|" + GERUND_SUBJECT + "|" + READER_ONLY + "|" + GOING_ON_WATCHING +
        "|" +
        // (and someone else's act or place: "Inviting the bot — an admin's action — then …", "in settings (admin only)")
        r`\b(?:you|your|yours|admins?|admin's|owners?|owner's|settings|org)\b|^\w+ing\s+(?:it|them|this|that|these|those)\s+\w+s\b`,
    },
    {
      id: "en.check-fragment",
      kind: "announce",
      subjectless: true,
      source:
        r`^(?:a\s+)?(?:quick|final|one\s+more|another|same|last|full|independent)\s+(?:[\w'/.\uE000-]+\s+){0,5}?(?:check|review|pass|test|run|look|validation|verification|sweep|scan|build|diff|rerun|smoke\s+test)\b`,
      // A verb inside "that …" / "whether …" is the check's object, not the sentence's verb.
      unless: r`^(?:(?!\b(?:that|whether|if)\b).)*?(?:` + FINITE + r`)|\b(?:you|your)\b`,
    },
    {
      id: "en.noun-next",
      kind: "announce",
      subjectless: true,
      source: r`^[^.]*\S\s+next\s*(?:\([^)]*\)\s*)?[:.!]?$`,
      unless: FINITE + "|" + r`\b(?:you|your|steps?|time|session|week|release|version)\s+next\b`,
    },
    {
      id: "en.imperative-colon",
      kind: "announce",
      subjectless: true,
      source: r`^(?:(?:ok(?:ay)?|alright|good|great|so|and)[,.!]?\s+)*` + WORK_VERB + r`\b[^.!?]*:$`,
      // (a fix marked as a proposal, "Fix 2 (optional): raise the pool size:", is offered for a decision; round 17)
      unless: r`\b(?:you|your)\b|\([^)]*\b(?:optional|proposal|proposed|suggested|recommended)\b[^)]*\)|` + HOW_TO,
    },
    {
      id: "en.gerund-fragment",
      kind: "announce",
      subjectless: true,
      source: r`^(?:(?:ok(?:ay)?|alright|good|great|perfect|so|and|first|also)[,.!]?\s+)*` + WORK_GERUND + r`\b`,
      unless: r`^checking\s+(?:back|(?:in\s+)?on\s+(?:it|them|the|its|their))\b|` + GERUND_SUBJECT + "|" +
        PARTICIPLE_CLAUSE + "|" + r`\b(?:you|your)\b`,
    },
    {
      id: "en.should",
      kind: "announce",
      source: r`\bI\s+should\s+(?:(?:also|now|first|next|probably|still)\s+)*` + WORK_VERB + r`\b`,
      unless: HABIT,
    },
    // Rule-outs: the announcing sentence is something else.
    {
      id: "en.ruleout.condition-first",
      kind: "ruleout",
      why: "conditional",
      // A message that ends on a condition ("If they pass, I'll commit.", "If the cache is stale...") ends on no action.
      terminal: true,
      source: r`^` + INTERJECTION + CONDITION + r`\b(?!\s+(?:that|this|it)(?:'s|\s+is)\s+done\b)`,
      // A case the change handles, said as its spec after a step ("Next, fix the parser. When a tag is unclosed,
      // treat the rest as text."): it describes the step, the step still decides.
      unless:
        r`^(?:when|if|whenever)\s+(?:a|an|any|no)\s+[^,]+,\s+(?:treat|return|use|skip|fall\s+back|default|keep|ignore|emit|render|show|throw|raise)\b`,
    },
    {
      id: "en.ruleout.condition-after",
      kind: "ruleout",
      why: "conditional",
      source: r`\b(?:I|we)(?:'ll|\s+will|\s+can|'d|\s+would)\s+[^,;]*?` + CHECK_BEFORE + r`\b` + CONDITION +
        r`\b(?!\s+(?:that|this|it)(?:'s|\s+is)\s+done\b)`,
    },
    // Round 20: the step waits on an event of the agent's own background work, said with words the conditions above do
    // not hold: "I'll merge the moment CI is green", "I'll merge after the checks pass", "Will merge on green", "I'll
    // address the findings as the agents report in". Nothing can happen before the event, so the turn ends on a wait.
    // (After a gerund, "after running the tests", there is no event: a clause needs its own verb.)
    {
      id: "en.ruleout.event",
      kind: "ruleout",
      why: "conditional",
      // The event is the agent's own jobs' (CI, checks, agents, a scan, "it", "the last one"), not what code does ("…
      // closes the moment the save finishes", "… updates as each chunk lands").
      source:
        r`\b(?:the\s+(?:moment|minute|instant)|(?:it|them|this|merge|ship|deploy|tag|release|proceed|continue)\s+the\s+second|(?<!\bthat\s)after)\s+` +
        r`(?:(?:the|all|both|its|their|our|my|remaining|last|final|other|rest\s+of\s+the)\s+)*(?:[\w'-]+\s+){0,2}?` +
        OWN_JOB + r`\s+(?:\w+\s+)?` +
        EVENT +
        r`|\b(?:the\s+(?:moment|minute|instant)|after)\s+(?:it|they|CI|everything)(?:'s|'re)\s+(?:all\s+)?(?:green|done|in|back|through|finished)\b` +
        // (… or someone else's: "after Dana's PR merges", "after the vendor publishes the patched SDK", "once the change
        // window opens", "after the certificate is renewed", "after the canary has run for a day")
        r`|\b(?:the\s+(?:moment|minute|instant)|(?<!\bthat\s)(?:right\s+)?after|once|when|as\s+soon\s+as|until)\s+(?!(?:I|we|that|this)\b)` +
        r`(?:(?:the|a|an|our|their|his|her|its)\s+|[A-Z][\w-]*(?:'s)?\s+)(?:[\w'-]+\s+){0,3}?` + OTHERS_EVENT +
        // (… or people's, in the plural: "right after the partners switch to the new endpoint")
        r`|\b(?:(?<!\bthat\s)(?:right\s+)?after|once|when|as\s+soon\s+as|until)\s+(?:the\s+|our\s+|their\s+)?(?:partners|customers|clients|users|teams|vendors|reviewers|maintainers|owners|admins)\s+(?:\w+\s+)?(?:switch|migrate|move|upgrade|confirm|approve|agree|reply|respond|sign\s+off|finish|are\s+done|have\s+\w+ed)\b` +
        // (… a person's word or a credential given first: "Given the go-ahead, I'll …", "With the new token, I'll …",
        // "… pending the on-call's check")
        r`|^(?:given|with)\s+(?:the|a|an|your)\s+(?:[\w-]+\s+)?(?:go-?ahead|green\s+light|ok|okay|approval|sign-?off|nod|token|key|credentials?|access|password)\b(?!\s+(?:in\s+place|set|ready|done|now|\w+ed)\b)` +
        r`|\bpending\s+(?:the|a|an|your|their|his|her|[A-Z][\w-]*'s)\s` +
        // (… a meeting, a peak or a window of the day: "after standup", "after the morning peak", "during tonight's
        // maintenance window")
        r`|\bafter\s+(?:the\s+|this\s+|today's\s+|tonight's\s+|tomorrow's\s+)?(?:[\w-]+\s+)?(?:stand-?up|lunch|meeting|demo|weekend|holidays?|freeze|peak|rush)\b` +
        r`|\bduring\s+(?:the\s+|tonight's\s+|tomorrow's\s+|the\s+next\s+)?(?:[\w-]+\s+)?(?:maintenance\s+|change\s+|deploy(?:ment)?\s+)?window\b` +
        // (… or a time of the day or an outside process: "in the morning", "at the end of the day", "after propagation")
        r`|\b(?:again\s+)?in\s+the\s+morning\b|\bat\s+the\s+end\s+of\s+the\s+day\b|\bafter\s+(?:propagation|midnight)\b` +
        // (… or the next scheduled run: "it'll go out with the next pipeline run and I'll verify then")
        r`|\b(?:with|in|on|after)\s+the\s+next\s+(?:pipeline\s+run|scheduled\s+run|deploy(?:ment)?|release\s+train|nightly(?:\s+\w+)?|cron\s+run|batch)\b` +
        r`|\bon\s+green\b|\bas\s+(?:each|every|the|they)\s+(?:(?:[\w'-]+\s+){0,2}?` + OWN_JOB +
        r`\s+)?(?:completes?|finish(?:es)?|lands?|reports?(?:\s+(?:in|back))?|pass(?:es)?|clears?|comes?\s+(?:in|back)|returns?|arrives?)\b`,
      // A hook or a step that runs after the event describes code: "I'll add a hook that fires after the tests pass".
      // (… nor a thing that acts on the event: "a monitor that notifies me the moment it finishes")
      unless:
        r`\b(?:that|which)\s+(?:[\w'-]+\s+){0,4}?(?:after|the\s+(?:moment|minute|instant)|as\s+(?:each|every|the|they)|on\s+green)\b`,
    },
    // Round 20: after saying its own agents or jobs are still running, the agent goes on through its pipeline or
    // consolidates ("The security scan is still running. Then I'll consolidate and act.", "Only the perf tracer left,
    // then I'll consolidate."): that step comes after the work it named, so the turn ends on a wait.
    {
      id: "en.ruleout.after-running",
      kind: "ruleout",
      why: "conditional",
      source:
        r`\b(?:I'll|I\s+will|I'm\s+going\s+to|we'll|will)\s+(?:then\s+)?(?:(?:proceed|continue|carry\s+on|move\s+on|go\s+on)\s+(?:through|to|with\s+the\s+(?:rest|remaining|pipeline|release|next)|on\s+to)|consolidate|synthesi[sz]e|aggregate|collate|compile\s+(?:the|their|everything|it\s+all)|act\s+on|` +
        // (… or works on their output: "I'll merge their findings into the report", "I'll write up what they find")
        r`reconcile|combine|write\s+up|fold\s+(?:their|the|its|them)|(?:merge|integrate|summari[sz]e|tabulate|compare)\s+(?:their|the|its)\s+(?:findings|results|reports|outputs?|answers|numbers))\b`,
      // (not a step taken meanwhile: "…; meanwhile I'll continue with …")
      unless: r`\b(?:meanwhile|in\s+the\s+meantime|while\s+(?:it|they|that|those|the)|now)\b`,
      context:
        r`\b(?:(?:sub-?)?agents?|scouts?|tracers?|scans?|audits?|reviews?|reviewers?|jobs?|CI|pipeline|runs?|builds?|benchmarks?|workers?|tests?|suites?)\b[^.]*?(?:\b(?:is|are)\s+(?:still\s+)?(?:running|working|going|in\s+progress)\b|\bstill\s+(?:running|working|going|pending)\b|\bin\s+the\s+background\b|\(running\))|` +
        // (what is left is the agents' or a scan's, never the agent's own failing tests: "3 tests left; I'll proceed …")
        r`\b(?:(?:sub-?)?agents?|scouts?|tracers?|scans?|audits?|reviewers?|jobs?|benchmarks?|workers?)\s+(?:\w+\s+)?(?:left|remaining|outstanding|to\s+report)\b|\bin\s+the\s+background\b|^waiting\s+(?:on|for)\b`,
    },
    // Round 20: "Then I'll …" after a step that waits on an event ("Once CI passes I'll merge. Then I'll move on to
    // the docs."): the then-step comes after the same event.
    {
      id: "en.ruleout.then-after-wait",
      kind: "ruleout",
      why: "conditional",
      afterCondition: true,
      // (… or "then" at its end: "…; I'll verify the row counts then.")
      source:
        r`^(?:and\s+)?(?:then|after\s+that|afterwards)\b|\b(?:then|at\s+that\s+point|after\s+that|afterwards)[.!]?$`,
    },
    // What the agent needs to see before it can go on, as the last words ("We need to see the exact error to fix this.",
    // after the reader's steps to get it): it waits on the reader's information, unless the same sentence says how the
    // agent gets it itself ("…, so let me fetch the log") (round 17).
    {
      id: "en.ruleout.need-info",
      kind: "ruleout",
      why: "recommendation",
      terminal: true,
      source:
        r`^(?:(?:so|but|first)[,]?\s+)?(?:we|I)\s+(?:need|'d\s+need|would\s+need|have|must)\s+to\s+(?:see|know|get|look\s+at|find\s+out)\s+(?:the|that|this|which|what|whether|exactly|your|a|an)\b`,
      unless: r`\b(?:let\s+me|let's|I'll|I\s+will|I'm\s+going\s+to|so\s+I)\b`,
    },
    {
      id: "en.ruleout.recommend",
      kind: "ruleout",
      why: "recommendation",
      terminal: true,
      source: r`\b(?:I'd|I\s+would|I|we'd|we\s+would|we)\s+(?:strongly\s+)?(?:recommend|suggest|advise|propose)\b`,
    },
    // Agreeing to keep things as they are ("Sounds good, let's keep the 30 s interval.", "let's go with the default"):
    // the reader proposed, the agent agrees; no work follows from it.
    {
      id: "en.ruleout.agree",
      kind: "ruleout",
      why: "state",
      source:
        r`\blet's\s+(?:just\s+)?(?:keep|stick\s+with|go\s+with|leave|stay\s+with)\b(?!\s+(?:going|digging|looking|working|trying|at\s+it|on\s+it)\b)`,
    },
    // A summary opener with the summary under it ("Let me sum up what changed." and a list): the summary
    // is given already. As the message's last words it is still a step.
    {
      id: "en.ruleout.summary-opener",
      kind: "ruleout",
      why: "report",
      scope: "tail",
      followed: true,
      source:
        r`\b(?:let\s+me|I'll|I\s+will|let's)\s+(?:quickly\s+|briefly\s+)?(?:sum\s+up|summari[sz]e|recap|wrap\s+up|go\s+over|report\s+(?:back\s+)?on)\b`,
    },
    {
      id: "en.ruleout.later",
      kind: "ruleout",
      why: "later",
      terminal: true,
      source:
        // (… and a stretch of time the agent waits out: "It'll take a while — I'll check on it periodically", "DNS can take
        // up to an hour, so I'll check after that", round 16)
        r`\b(?:periodically|from\s+time\s+to\s+time|take\s+a\s+while|every\s+(?:few\s+)?(?:minutes?|hours?))\b|` +
        // (round 20: "The cert should be issued within the hour")
        r`\bwithin\s+(?:the|an?|the\s+next|\d+)\s+(?:hour|hours|minutes?|days?)\b|` +
        r`\btakes?\s+(?:(?:up\s+to|about|around|roughly|at\s+least|over|more\s+than)\s+(?:an?|\d+|a\s+few|several)\s+(?:hours?|minutes?|days?)|(?:an?|\d+|a\s+few|several)\s+(?:hours?|days?))\b(?![^.]*\bnow\b)|` +
        r`\b(?:later(?:\s+on)?|until\s+(?:the\s+)?next\s+(?:release|version|sprint|week|session|deploy|quarter)|tomorrow|tonight(?!'s)|overnight|this\s+(?:afternoon|evening)(?!'s)|separately|shortly|in\s+a\s+(?:bit|moment|while|sec(?:ond)?)|in\s+(?:a|the)\s+(?:follow-?up|next\s+(?:phase|pr|iteration|session|sprint|release|ticket|milestone))|in\s+(?:(?:roughly|about|around|approximately|maybe|~)\s*)?(?:\d+|a\s+few|a\s+couple\s+(?:of\s+)?|several|an?|half\s+an)\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)|(?:after|once)\s+(?:\d+|a\s+few)\s*(?:seconds?|minutes?|mins?|hours?))\b`,
    },
    // A step with a time estimate at the very end ("Check the redirect URL (2 min)", "3. URLの確認（2分）"): a plan's
    // next item, in any script; a spent or total time reports.
    {
      id: "en.estimate",
      kind: "announce",
      last: true,
      source:
        r`[(（]\s*(?:(?:~|約|약|about|approx\.?|roughly)\s*)?\d+(?:[-–~]\d+)?\s*(?:min|mins|minutes?|分|분|秒|초|s|secs?|seconds?)\s*[)）]\s*$`,
      unless:
        r`\b(?:took|spent|total|in\s+all|per)\b|合計|所要|かかり|かかった|でした|ました|걸렸|총|소요|완료|済み|done|[❌]`,
    },
    // A file named with its purpose in brackets and nothing else, standing alone at the very end ("\`src/app.ts\`
    // (the entry point)", any script): the file about to be written.
    {
      id: "en.file-purpose",
      kind: "announce",
      last: true,
      subjectless: true,
      source: r`^\s*(?:\uE000|[\w./-]+\.[A-Za-z]{1,5})\s*[（(][^）)]{1,40}[）)]\s*$`,
      // A status in the brackets ("(updated)", "（新規）", "(수정)") reports what happened to the file.
      unless:
        r`[（(]\s*(?:updated|new|changed|unchanged|added|removed|deleted|modified|fixed|done|created|renamed|moved|更新|新規|変更|追加|削除|修正|済み|完了|作成|수정|추가|삭제|변경|신규|완료|생성)`,
    },
    // A numbered step's label the message ends on, standing alone, with its title after it ("**Step 4:** wire the
    // endpoint", "Fix 2 & 3: drop the imports"); one marked done, or addressed to the reader, is no step.
    {
      id: "en.step-label",
      kind: "announce",
      last: true,
      subjectless: true,
      source:
        r`^(?![^\n]*[\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7A3])(?:step|phase|task|fix|part|stage|file|test|check|change|edit|patch)\s*\d+(?:\.\d+)*(?!\.?\d)[a-z]?(?:\s*(?:&|and|,|-|–|/)\s*\d+(?:\.\d+)*(?!\.?\d)[a-z]?)*\s*[:.—–-]\s*\S`,
      // (a decimal step number, "Phase 4.5 ready to execute", is one number: round 18)
      // A label used as a subject ("**Step 3: Deploy** is the only step left") states something.
      unless: r`\b(?:you|your|done|complete|completed|finished|passed|passing|skipped)\b|[✅✓]|` + FINITE + "|" +
        // (a step only the reader takes, "Step 3.2: log in to the console …", "Step 1: pick the region", round 18)
        // (not "dashboard": "Phase 4 — wire up the dashboard page" names code)
        r`\b(?:console|portal|admin\s+panel|approve|grant|authori[sz]e|sign\s+in|log\s+in)\b|[:.—–-]\s*(?:pick|choose|decide|select|approve|confirm)\b`,
    },
    // A message that ends on a step heading with nothing under it ("## Step 2: Updating the parser").
    {
      id: "en.heading.step",
      kind: "announce",
      scope: "heading",
      // (… or a numbered title, "### 3. The config file": a heading with nothing under it names the step begun.)
      source: r`^(?:(?:step|part|phase|stage|fix|test|edit|change|patch)\s*\d+\b|\d{1,2}[.)]\s*\S|next\s*[:\-–—]|` +
        WORK_GERUND +
        r`|(?:migrating|moving|setting\s+up|porting|converting|splitting|testing)\b)`,
    },
    // A message whose very last words open on a colon with nothing after them stopped just before showing or
    // doing it ("Now pass the flag to the view:", "Fix:").
    // A colon that introduces content for the reader ("Here's what changed:", "Summary:") is no step.
    {
      id: "en.colon-end",
      kind: "announce",
      last: true,
      source: r`^(?![^\n]*[\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7A3])[^\n]*[:：]\s*$`,
      unless:
        r`\b(?:as\s+follows|here(?:'s|\s+is|\s+are)|summary|results?|changes|what\s+(?:changed|I\s+(?:found|did|changed))|output|details|notes?|findings|status|overview|below|breakdown)\b[^:]*[:：]\s*$|\b(?:is|are|was|were|looks?\s+like)\b[^:]*[:：]\s*$|\b(?:you|your)\b|` +
        // (round 20: a finding stated before its evidence, "One thing stood out in the logs:", "Suspicious value in the
        // retry config:", "… the staging URL still points at the old bucket:"; not the agent's own look, "Let me see
        // what the log says:")
        r`^(?![^\n]*\b(?:let\s+me|let's|I'll|I\s+will|I'm\s+going|now|next)\b)[^\n]*\b(?:stood\s+out|stands\s+out|points?\s+(?:at|to)|shows?|showed|says|said|reads|contains|returns|returned|logged|logs|suspicious|suspect(?:ed)?|culprit|smoking\s+gun)\b[^:]*[:：]\s*$|` +
        // (a fix marked as a proposal, "Fix 2 (optional): …:", is offered for a decision; round 17)
        r`\([^)]*\b(?:optional|proposal|proposed|suggested|recommended)\b[^)]*\)|` +
        HOW_TO,
    },
    // "Now `render.go` — drop the legacy branch": the object first, then the work.
    {
      id: "en.now-object",
      kind: "announce",
      subjectless: true,
      source: r`^(?:(?:ok(?:ay)?|good|so|and)[,.!]?\s+)*now\b[^.—–:]{1,80}\s[—–:-]\s*(?:let's\s+)?` + WORK_VERB + r`\b`,
      unless: r`\b(?:you|your)\b`,
    },
    // The heading a message's last paragraph sits under sums it up ("Summary", "まとめ", "결론"): a report.
    {
      id: "en.section.summary",
      kind: "ruleout",
      why: "report",
      scope: "section",
      source:
        r`^(?:(?:in\s+)?summary(?!\s+of\s+(?:the\s+)?(?:plan|next|remaining))|tl;?\s?dr|conclusion|in\s+short|bottom\s+line|recap|wrap-?up|the\s+short\s+answer|one-line\s+summary)\b`,
      unless: r`^(?:(?:and|so|ok(?:ay)?)[,.]?\s+)?(?:next|now|then|after\s+that|from\s+here)\b`,
    },
    // A message whose last paragraph sits under a section of proposals ("## Proposed fixes", "## Solution 2: …",
    // "### Recommended fix") offers them for a decision, whatever its last line says, unless that line opens on the
    // agent's own now, next or let me (round 17).
    {
      id: "en.section.proposal",
      kind: "ruleout",
      why: "recommendation",
      scope: "section",
      source:
        r`^(?:proposed|suggested|recommended|possible)\s+(?:fix|fixes|change|changes|solution|solutions|approach|approaches|options?)\b|^(?:solution|option|approach|alternative)s?(?:\s+(?:\d+|[A-C]))?\b`,
      unless: r`^(?:(?:ok(?:ay)?|so|good)[,.]?\s+)?(?:now|next|then|let\s+me|let's|I'll|I\s+will|I'm\s+going\s+to)\b`,
    },
    // "Found it! The cache key is missing the locale:" with nothing after: the agent stopped just before the fix.
    {
      id: "en.found-it",
      kind: "announce",
      colonEnd: true,
      source:
        r`^(?:(?:ok(?:ay)?|ah|aha|great)[,!.]?\s+)*(?:found\s+(?:it|the\s+(?:bug|culprit|cause|problem|issue))|got\s+it|there\s+it\s+is)\s*[!.]`,
    },
    // What a pushed message may not end on (issue 31): tried on every sentence from the end.
    // A fix plan's label over its steps, the message ending on the steps ("Fix plan:" and "1. … 2. …", after "found it"):
    // the agent's own plan about to be carried out. (A plan offered for a choice or an OK asks, and is a wait.)
    {
      id: "en.plan-label",
      kind: "announce",
      source: r`^(?:(?:the|my)\s+)?(?:fix|repair|implementation)\s+plan\s*:\s*$`,
    },
    // A label naming the files made or changed, above their list, reports whatever sentence came before it.
    {
      id: "en.end.files-label",
      kind: "ruleout",
      why: "report",
      terminal: true,
      above: true,
      source:
        r`^(?:(?:files?\s+)?(?:created|changed|modified|added|updated|touched|removed|deleted)(?:\s+files?)?|files?\s+(?:created|changed|modified|added|updated|touched))\s*:\s*$`,
    },
    {
      id: "en.end.label",
      kind: "ruleout",
      why: "label",
      terminal: true,
      above: true,
      // "Test results:", "Run the tests with:" above what follows; "I'll run:" is the agent's own.
      source: r`[:：]\s*$`,
      unless:
        r`\b(?:I|we)(?:'ll|\s+will|\s+shall|'m|\s+am|'re|\s+are|\s+(?:need|want|plan|intend|have)\s+to)\b|\blet(?:'s|\s+me|\s+us)\b|\b\w+ing\b[^:]*\bnow\b|^(?:(?:the|my)\s+)?(?:fix|repair|implementation)\s+plan\s*:\s*$`,
    },
    {
      id: "en.end.participle",
      kind: "ruleout",
      why: "result",
      terminal: true,
      // "Formatting fix pushed.", "Both branches merged to main.", "Done."
      source: r`^(?:(?:all|both|everything|and|ok(?:ay)?|so)\s+)?(?:[\w'./\-\uE000]+\s+){0,6}?` + PARTICIPLE +
        r`(?:\s+(?:to|in|on|at|as|for|into|with|and|via|from|under|upstream|locally|again|now|too|already|successfully|cleanly)\b[^.!?]*)?[.!]?$`,
      // "Rebuilding with the throw in place." opens on a gerund clause: a progress line, not a result.
      unless: FIRST_PERSON_NEXT + "|" +
        r`^(?:(?:now|next|and|so|ok(?:ay)?)[,]?\s+)?\w+ing\s+(?:with|the|a|an|it|them|this|that|these|those|to|on|in|for|from|and|all|every|whether|if|out|up)\b`,
    },
    // Round 18: a commit's diff stat ("6 files changed, 212 insertions(+)", "+88/-12") reports what the commit holds,
    // whatever gerund follows it ("…, covering the importer").
    {
      id: "en.end.stat",
      kind: "ruleout",
      why: "result",
      terminal: true,
      source:
        r`\b\d[\d,]*\s+files?\s+(?:changed|touched|modified|added|created|deleted)\b|\b\d[\d,]*\s+(?:insertions?|deletions?)\b|(?:^|[\s(])\+\d[\d,]*\s*[/,]?\s*[-−]\d`,
      unless: FIRST_PERSON_NEXT,
    },
    {
      id: "en.end.did",
      kind: "ruleout",
      why: "result",
      terminal: true,
      // "I fixed the parser.", "We've added a test."
      source:
        r`^(?:(?:ok(?:ay)?|so|and|also|now|right|good)[,]?\s+)?(?:I|we)(?:'ve|\s+have|'d|\s+had)?\s+(?:just\s+|also\s+|now\s+|already\s+|finally\s+)?(?!(?:wanted|needed|tried|decided|planned|started|need|want|plan|intend)\b)(?:[a-z]+ed|done|made|built|written|rewritten|run|ran|found|got|put|set|left|kept|wrote|rewrote|took|split|sent|brought|gone|went|been)\b`,
      unless: FIRST_PERSON_NEXT,
    },
    {
      id: "en.end.state",
      kind: "ruleout",
      why: "result",
      terminal: true,
      // "All 214 tests pass.", "The build is green.", "Now displays as a relative time."
      source:
        r`\bpass\b(?<=\b(?:tests?|checks?|suites?|builds?|specs?|all|both|they|everything|ci|lint)\s+(?:now\s+|still\s+|all\s+)?pass)|^(?:and\s+)?now\s+\w+ing\s+(?:(?:\d+(?:\.\d+)?\s*[x×%]|much|about|roughly|twice|a\s+lot)\s+)?(?:faster|slower|fine|smoothly|cleanly|correctly|properly|without|with\s+no|in\s+(?:under\s+)?\d|under\s+\d|as\s+expected)\b|\b(?:pass(?:es|ed)|fail(?:s|ed)|succeed(?:s|ed)|works|worked|is\s+(?:now\s+)?(?:green|clean|passing|fixed|done|complete|merged|deployed|live|in\s+place|ready|resolved|gone)|are\s+(?:now\s+)?(?:green|clean|passing|fixed|done|resolved|in\s+place|gone)|(?:has|have)\s+been\s+[a-z]+(?:ed|en)|(?:was|were)\s+[a-z]+(?:ed|en))\b|^(?:and\s+)?now\s+(?!\w+ing\b)(?:(?:the|this|that|it|each|every|our|both|all)\s+)?(?:[\w\-\uE000]+\s+)?` +
        BEHAVES + r`\b`,
      unless: FIRST_PERSON_NEXT + "|" + r`\b(?:check|see|verify|confirm|make\s+sure|ensure|whether|if|why|what|how)\b`,
    },
    // "Nothing else is pending on my side.": the agent says its part is over.
    {
      id: "en.end.nothing-left",
      kind: "ruleout",
      why: "result",
      terminal: true,
      source:
        r`\bnothing\s+(?:else\s+|more\s+)?(?:is\s+)?(?:pending|left|remaining|outstanding|to\s+do)\b[^.!?]*\b(?:my|me)\b|\b(?:that's|that\s+is)\s+(?:all|it|everything)\s+(?:from|on)\s+my\s+(?:side|end)\b|\bnothing\s+(?:else\s+|more\s+)?(?:left\s+)?for\s+me\s+to\s+do\b`,
    },
    {
      id: "en.end.verdict",
      kind: "ruleout",
      why: "verdict",
      terminal: true,
      source:
        r`^(?:LGTM|approved|approving|ship\s+it|verdict\b|(?:I|we)\s+approve)|\bLGTM\b|\b(?:ready|safe|good)\s+to\s+(?:merge|ship|go)\b|\bapprove\s+(?:this|the)\s+(?:PR|pull\s+request|change|diff|merge)\b`,
    },
    {
      id: "en.end.workflow",
      kind: "ruleout",
      why: "workflow",
      terminal: true,
      // A workflow's phase is the pipeline's next step, not this turn's work.
      source:
        r`\b(?:phase|stage|milestone)\s*\d+\s+(?:will|is\s+next|comes\s+next|can|should|covers?)\b|\b(?:the\s+)?(?:next|following|later|upcoming)\s+(?:phase|stage)\b|\b(?:review|implementation|testing|qa|verification|deployment|planning|design)\s+(?:phase|stage)\s+(?:will|picks|can|should|is|covers?)\b`,
      unless: r`\b(?:now|right\s+away|immediately)\b`,
    },
    // Items under a lead-in that report (a finite verb, a verdict) rather than list steps.
    {
      id: "en.ruleout.report-item",
      kind: "ruleout",
      why: "report",
      source:
        r`\b(?:is|are|was|were|has|have|had|does|did|looks?|works?|passes|passed|fails|failed|handles?|handled|covers?|covered|matches|matched|uses|used|returns|returned|contains|includes|exists|remains?|found|fixed|added|updated|removed|done|completed?)\b|[✅✓❌]`,
    },
  ],
};
