<?php

// The PHPUnit tests of the PHP proxy's policies, each alone, with a real FileStore in a fresh
// folder for counters and cache, and a small $next. Run: npm run test:php (phpunit -c this folder).

require __DIR__ . '/../../../../packages/wordpress-plugin/includes/proxy/load.php';
require __DIR__ . '/PolicyTestCase.php';
