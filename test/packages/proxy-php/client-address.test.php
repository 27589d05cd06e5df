<?php
// The PHP proxy's client identity rule against the table the Node proxy's rule is checked against
// too (test/packages/proxy/client-address-cases.json), so that the two cannot drift apart: every
// case through ClientAddress::network, and the name the counters are kept under through digest.
// Run: php test/packages/proxy-php/client-address.test.php

require __DIR__ . '/../../../packages/wordpress-plugin/includes/proxy/load.php';

use CargoTrackers\Proxy\ClientAddress;
use CargoTrackers\Proxy\Request;

/** The table's strings hold one character per byte (Latin-1, as Node reads a header); PHP gets the bytes. */
function latin1_bytes(string $text): string
{
    $bytes = '';
    foreach (preg_split('//u', $text, -1, PREG_SPLIT_NO_EMPTY) as $char) {
        $point = strlen($char) === 1 ? ord($char) : ((ord($char[0]) & 0x1f) << 6) | (ord($char[1]) & 0x3f);
        if (strlen($char) > 2 || $point > 0xff) {
            throw new RuntimeException('not a Latin-1 character in the table: ' . json_encode($text));
        }
        $bytes .= chr($point);
    }
    return $bytes;
}

$table = json_decode((string) file_get_contents(__DIR__ . '/../proxy/client-address-cases.json'), true, 512, JSON_THROW_ON_ERROR);
$failures = array();
foreach ($table['cases'] as $case) {
    $headers = array();
    foreach ($case['headers'] as $name => $value) {
        $headers[$name] = latin1_bytes($value);
    }
    $remote = $case['remoteAddress'] === null ? null : latin1_bytes($case['remoteAddress']);
    $network = ClientAddress::network(new Request('GET', '', $headers, null, $remote), $case['trustedHeader']);
    if ($network !== $case['network']) {
        $failures[] = $case['name'] . ': expected ' . $case['network'] . ', got ' . $network;
    }
}
foreach ($table['digests'] as $case) {
    $digest = ClientAddress::digest($case['network'], $case['secret']);
    if ($digest !== $case['digest']) {
        $failures[] = 'digest of ' . $case['network'] . ': expected ' . $case['digest'] . ', got ' . $digest;
    }
}
if (count($table['cases']) < 10 || count($table['digests']) < 1) {
    $failures[] = 'the table of cases is missing or nearly empty';
}
if ($failures !== array()) {
    fwrite(STDERR, "client-address.test.php: the PHP rule differs from the table:\n  " . implode("\n  ", $failures) . "\n");
    exit(1);
}
echo 'client-address.test.php: ' . count($table['cases']) . ' cases and ' . count($table['digests']) . " digests agree\n";
