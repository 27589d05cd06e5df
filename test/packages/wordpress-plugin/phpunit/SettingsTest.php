<?php

use PHPUnit\Framework\TestCase;

/** The settings page's rules: where the key may be sent, when the address may change, what is kept. */
final class SettingsTest extends TestCase
{
    private const KEY = 'trk_live_0123456789abcdef';

    protected function setUp(): void
    {
        FakeWordPress::reset();
    }

    /** @return string[] the codes of the settings errors raised */
    private static function errors(): array
    {
        return array_column(FakeWordPress::$errors, 'code');
    }

    /** Posts the settings form: the key field (saved first, as WordPress does) and the address. */
    private static function saveForm(string $typedKey, string $address): string
    {
        $_POST = array('option_page' => 'cargo_trackers', 'cargo_trackers_api_key' => $typedKey, 'cargo_trackers_api_base_url' => $address);
        update_option('cargo_trackers_api_key', cargo_trackers_sanitize_key($typedKey));
        return cargo_trackers_sanitize_base_url($address);
    }

    /** @return array<string,array{string}> */
    public static function allowedAddresses(): array
    {
        return array(
            'https' => array('https://api.tracking.example'),
            'https with a path' => array('https://tracking.example/api'),
            'localhost' => array('http://localhost:8080'),
            'a .localhost name' => array('http://service.localhost'),
            '127.0.0.1' => array('http://127.0.0.1:9000'),
            'another 127/8 address' => array('http://127.1.2.3'),
            '[::1]' => array('http://[::1]:9000'),
        );
    }

    /** @dataProvider allowedAddresses */
    public function testTheKeyMayGoToHttpsOrThisMachine(string $address): void
    {
        $this->assertNull(cargo_trackers_base_url_refusal($address));
    }

    /** @return array<string,array{string}> */
    public static function refusedAddresses(): array
    {
        return array(
            'plain http to another host' => array('http://tracking.example'),
            'plain http to a private address' => array('http://10.0.0.1:8080'),
            'a name that only starts like localhost' => array('http://localhost.attacker.example'),
            'another scheme' => array('ftp://tracking.example'),
            'no address at all' => array('tracking.example'),
        );
    }

    /** @dataProvider refusedAddresses */
    public function testTheKeyNeverCrossesTheNetworkInTheClear(string $address): void
    {
        $this->assertNotNull(cargo_trackers_base_url_refusal($address));
    }

    public function testARefusedAddressIsNotSavedAndSaysWhy(): void
    {
        update_option('cargo_trackers_api_key', self::KEY);
        update_option('cargo_trackers_api_base_url', 'https://kept.example');
        $this->assertSame('https://kept.example', self::saveForm(self::KEY, 'http://tracking.example'));
        $this->assertSame(array('cargo_trackers_bad_base'), self::errors());
        $this->assertStringContainsString('must start with https://', FakeWordPress::$errors[0]['message']);
    }

    public function testANewAddressNeedsTheKeyTypedInTheSameForm(): void
    {
        update_option('cargo_trackers_api_key', self::KEY);
        update_option('cargo_trackers_api_base_url', 'https://kept.example');
        $this->assertSame('https://kept.example', self::saveForm('', 'https://attacker.example'));
        $this->assertSame(array('cargo_trackers_base_needs_key'), self::errors());

        FakeWordPress::$errors = array();
        $this->assertSame('https://new.example', self::saveForm(self::KEY, 'https://new.example/'), 'typed again: saved, resolved');
        $this->assertSame(array(), self::errors());
    }

    public function testAKeyThatIsRefusedDoesNotUnlockTheAddress(): void
    {
        update_option('cargo_trackers_api_key', self::KEY);
        update_option('cargo_trackers_api_base_url', 'https://kept.example');
        $this->assertSame('https://kept.example', self::saveForm('not a key', 'https://attacker.example'));
        $this->assertSame(array('cargo_trackers_bad_key', 'cargo_trackers_base_needs_key'), self::errors());
        $this->assertSame(self::KEY, get_option('cargo_trackers_api_key'), 'the stored key is kept');
    }

    public function testTheSameAddressOrNoneNeedsNoKey(): void
    {
        update_option('cargo_trackers_api_key', self::KEY);
        update_option('cargo_trackers_api_base_url', 'https://kept.example');
        $this->assertSame('https://kept.example', self::saveForm('', 'https://kept.example'));
        $this->assertSame('', self::saveForm('', ''), 'clearing the address sends the key nowhere');
        $this->assertSame(array(), self::errors());
    }

    public function testTheKeyFieldIsWriteOnly(): void
    {
        update_option('cargo_trackers_api_key', self::KEY);
        $this->assertSame(self::KEY, cargo_trackers_sanitize_key(''), 'an empty field keeps the stored key');
        $this->assertSame(self::KEY, cargo_trackers_sanitize_key('  '), 'so does one of spaces');
        $this->assertSame('trk_other', cargo_trackers_sanitize_key(' trk_other '), 'a new key replaces it, trimmed');
        $_POST['cargo_trackers_api_key_remove'] = '1';
        $this->assertSame('', cargo_trackers_sanitize_key(''), 'Remove the stored key clears it');
    }

    public function testSomethingThatIsNotAKeyIsNotSaved(): void
    {
        update_option('cargo_trackers_api_key', self::KEY);
        $this->assertSame(self::KEY, cargo_trackers_sanitize_key('trk_ with a space'));
        $this->assertSame(self::KEY, cargo_trackers_sanitize_key('sk_live_123'));
        $this->assertSame(array('cargo_trackers_bad_key', 'cargo_trackers_bad_key'), self::errors());
    }

    public function testTheKeyIsShownByItsLastFourCharactersOnly(): void
    {
        $this->assertSame('…cdef', cargo_trackers_key_hint(self::KEY));
        $this->assertSame('…', cargo_trackers_key_hint('trk_1234'), 'a key too short to hide four characters shows none');
    }

    public function testLimitsAreWholeNumbersWithinBounds(): void
    {
        $this->assertSame(
            array('new_numbers_per_hour' => 1, 'visitor_calls_per_minute' => 100000, 'budget_per_20s' => 100),
            cargo_trackers_sanitize_limits(array('new_numbers_per_hour' => '-5', 'visitor_calls_per_minute' => '999999', 'budget_per_20s' => '250'))
        );
        $this->assertSame(array('budget_per_20s' => 12), cargo_trackers_sanitize_limits(array('new_numbers_per_hour' => '', 'budget_per_20s' => '12.7')));
        $this->assertSame(array(), cargo_trackers_sanitize_limits('not a list'));
    }

    public function testOtherSitesAreOriginsWithoutAPath(): void
    {
        $this->assertSame(
            'https://shop.example http://localhost:3000',
            cargo_trackers_sanitize_origins("https://shop.example, https://shop.example/path\nhttp://localhost:3000 javascript:alert(1)")
        );
        $this->assertSame(array('cargo_trackers_bad_origin', 'cargo_trackers_bad_origin'), self::errors());
    }
}
