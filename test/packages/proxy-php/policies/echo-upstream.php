<?php

// ForwardTest's upstream (php -S router): answers with what it received.
header('content-type: application/json');
echo json_encode(array(
    'uri' => $_SERVER['REQUEST_URI'],
    'authorization' => $_SERVER['HTTP_AUTHORIZATION'] ?? null,
    'cookie' => $_SERVER['HTTP_COOKIE'] ?? null,
));
