<?php

// `npm run build:pot`: packages/wordpress-plugin/languages/cargo-trackers.pot, the template
// translators start from, with every string of the plugin's text domain: the PHP's gettext calls
// (read with PHP's own tokenizer, so concatenated literals and escapes come out as PHP sees them),
// the block editor script's wp.i18n calls, and the block.json fields WordPress translates.
// wp-cli's make-pot is not available here; this extracts what the plugin uses.
// `--check` fails when the committed file differs from a fresh build (npm run test:php runs it).
//
//   php scripts/build-pot.php [--check]

const DOMAIN = 'cargo-trackers';
/** Gettext functions the plugin uses => the position of their text argument and of their domain. */
const FUNCTIONS = array(
    '__' => 2,
    '_e' => 2,
    'esc_html__' => 2,
    'esc_html_e' => 2,
    'esc_attr__' => 2,
    'esc_attr_e' => 2,
);

$plugin = dirname(__DIR__) . '/packages/wordpress-plugin';
$output = $plugin . '/languages/cargo-trackers.pot';

/** @var array<string,array{refs:string[],comments:string[]}> $entries msgid => where and notes */
$entries = array();

function add_entry(array &$entries, string $text, string $ref, ?string $comment): void
{
    if (!isset($entries[$text])) {
        $entries[$text] = array('refs' => array(), 'comments' => array());
    }
    if (!in_array($ref, $entries[$text]['refs'], true)) {
        $entries[$text]['refs'][] = $ref;
    }
    if ($comment !== null && !in_array($comment, $entries[$text]['comments'], true)) {
        $entries[$text]['comments'][] = $comment;
    }
}

/** The value of a single- or double-quoted PHP literal without variables. */
function literal(string $token): string
{
    $body = substr($token, 1, -1);
    return $token[0] === "'" ? strtr($body, array('\\\\' => '\\', "\\'" => "'")) : stripcslashes($body);
}

/** The arguments of a call that starts after $i (the function name), each as a string if it is literals only. */
function call_arguments(array $tokens, int $i): array
{
    $args = array();
    $current = '';
    $literal_only = true;
    $depth = 0;
    for ($j = $i + 1; $j < count($tokens); $j++) {
        $token = $tokens[$j];
        $text = is_array($token) ? $token[1] : $token;
        if (is_array($token) && in_array($token[0], array(T_WHITESPACE, T_COMMENT, T_DOC_COMMENT), true)) {
            continue;
        }
        if ($text === '(' || $text === '[') {
            $depth++;
            if ($depth === 1) {
                continue;
            }
        } elseif ($text === ')' || $text === ']') {
            $depth--;
            if ($depth === 0) {
                $args[] = $literal_only ? $current : null;
                return $args;
            }
        } elseif ($text === ',' && $depth === 1) {
            $args[] = $literal_only ? $current : null;
            $current = '';
            $literal_only = true;
            continue;
        }
        if ($depth === 1 && is_array($token) && $token[0] === T_CONSTANT_ENCAPSED_STRING) {
            $current .= literal($text);
        } elseif (!($depth === 1 && $text === '.')) {
            $literal_only = false;
        }
    }
    return $args;
}

function php_files(string $dir): array
{
    $files = array();
    $iterator = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS));
    foreach ($iterator as $file) {
        if (substr($file->getFilename(), -4) === '.php') {
            $files[] = $file->getPathname();
        }
    }
    sort($files);
    return $files;
}

$failures = array();
foreach (php_files($plugin) as $path) {
    $relative = substr($path, strlen($plugin) + 1);
    $tokens = token_get_all(file_get_contents($path));
    $comment = null;
    foreach ($tokens as $i => $token) {
        if (!is_array($token)) {
            continue;
        }
        if ($token[0] === T_COMMENT && preg_match('#^/\*\s*(translators:.*?)\s*\*/$#s', $token[1], $match) === 1) {
            $comment = $match[1];
            continue;
        }
        if ($token[0] !== T_STRING || !isset(FUNCTIONS[$token[1]])) {
            continue;
        }
        $previous = $tokens[$i - 1] ?? null;
        if (is_array($previous) && in_array($previous[0], array(T_FUNCTION, T_OBJECT_OPERATOR, T_DOUBLE_COLON), true)) {
            continue;
        }
        $args = call_arguments($tokens, $i);
        $domain = $args[FUNCTIONS[$token[1]] - 1] ?? null;
        if ($domain !== DOMAIN) {
            $failures[] = "$relative:{$token[2]}: {$token[1]}() without the '" . DOMAIN . "' text domain";
            continue;
        }
        if ($args[0] === null) {
            $failures[] = "$relative:{$token[2]}: {$token[1]}() of something other than string literals";
            continue;
        }
        // By file, not line: an edit elsewhere in the file leaves the template as it is.
        add_entry($entries, $args[0], $relative, $comment);
        $comment = null;
    }
}

// The block editor script: wp.i18n's __('…', 'cargo-trackers'), single-quoted, as editor.js writes it.
foreach (array('blocks/editor.js') as $relative) {
    $lines = file($plugin . '/' . $relative);
    foreach ($lines as $n => $line) {
        preg_match_all("/\\b__\\(\\s*'((?:[^'\\\\]|\\\\.)*)'\\s*,\\s*'([^']*)'\\s*\\)/", $line, $matches, PREG_SET_ORDER);
        foreach ($matches as $match) {
            if ($match[2] !== DOMAIN) {
                $failures[] = "$relative:" . ($n + 1) . ": __() without the '" . DOMAIN . "' text domain";
                continue;
            }
            add_entry($entries, stripcslashes($match[1]), $relative, null);
        }
    }
}

// block.json: WordPress translates the title, the description and the keywords with the block's text domain.
foreach (glob($plugin . '/blocks/*/block.json') as $path) {
    $relative = substr($path, strlen($plugin) + 1);
    $block = json_decode(file_get_contents($path), true);
    foreach (array('title', 'description') as $field) {
        if (isset($block[$field])) {
            add_entry($entries, $block[$field], $relative, null);
        }
    }
    foreach ($block['keywords'] ?? array() as $keyword) {
        add_entry($entries, $keyword, $relative, null);
    }
}

if ($failures !== array()) {
    fwrite(STDERR, implode("\n", $failures) . "\n");
    exit(1);
}

/** A PO string, split at its newlines as gettext writes them. */
function po_string(string $text): string
{
    $escaped = addcslashes($text, "\\\"\t");
    $escaped = str_replace("\n", "\\n", $escaped);
    return '"' . $escaped . '"';
}

ksort($entries, SORT_STRING);
$pot = "# Translation template for the Cargo Trackers WordPress plugin.\n"
    . "# Generated by scripts/build-pot.php (npm run build:pot); do not edit.\n"
    . "# This file is distributed under the same licence as the plugin (MIT).\n"
    . "msgid \"\"\n"
    . "msgstr \"\"\n"
    . "\"Project-Id-Version: Cargo Trackers\\n\"\n"
    . "\"MIME-Version: 1.0\\n\"\n"
    . "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
    . "\"Content-Transfer-Encoding: 8bit\\n\"\n"
    . "\"X-Domain: " . DOMAIN . "\\n\"\n";
foreach ($entries as $text => $entry) {
    $pot .= "\n";
    foreach ($entry['comments'] as $comment) {
        $pot .= '#. ' . str_replace("\n", "\n#. ", $comment) . "\n";
    }
    $pot .= '#: ' . implode(' ', $entry['refs']) . "\n";
    if (strpos($text, '%') !== false) {
        $pot .= "#, php-format\n";
    }
    $pot .= 'msgid ' . po_string($text) . "\nmsgstr \"\"\n";
}

if (in_array('--check', $argv, true)) {
    $committed = is_file($output) ? file_get_contents($output) : '';
    if ($committed !== $pot) {
        fwrite(STDERR, "$output differs from the plugin's strings: run npm run build:pot\n");
        exit(1);
    }
    exit(0);
}
if (!is_dir(dirname($output))) {
    mkdir(dirname($output));
}
file_put_contents($output, $pot);
echo 'wrote ' . $output . ' (' . count($entries) . " strings)\n";
