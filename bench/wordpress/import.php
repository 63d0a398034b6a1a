<?php
// Installs the site (once) and imports the articles export-articles.ts wrote; run by setup.sh.
// php import.php ARTICLES_JSON SITE_URL
[, $articlesFile, $siteUrl] = $argv;
// Debian's wp-config.php picks /etc/wordpress/config-HOST.php by the request's host; there is none on the command line.
$_SERVER['HTTP_HOST'] = parse_url($siteUrl, PHP_URL_HOST);
define('WP_INSTALLING', true);
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/image.php';

if (!is_blog_installed()) {
    // wp_install mails the admin; this machine has no mail transport and the mail is of no use here.
    add_filter('pre_wp_mail', '__return_false');
    wp_install('Ganyan (WordPress)', 'admin', 'admin@example.com', true, '', wp_generate_password(24));
}
update_option('siteurl', $siteUrl);
update_option('home', $siteUrl);
update_option('permalink_structure', '/%postname%/');
update_option('posts_per_page', 12);
// The sample post and page of a fresh install are not part of the comparison.
foreach (get_posts(['post_type' => ['post', 'page'], 'numberposts' => -1, 'post_status' => 'any']) as $post) {
    if (in_array($post->post_name, ['hello-world', 'sample-page'], true)) wp_delete_post($post->ID, true);
}

$articles = json_decode(file_get_contents($articlesFile), true, 512, JSON_THROW_ON_ERROR);
$imported = 0;
/** One attachment per picture file, made with the sizes WordPress makes of any upload. */
function attachment_for(string $file): int {
    static $byFile = [];
    if (isset($byFile[$file])) return $byFile[$file];
    $existing = get_posts(['post_type' => 'attachment', 'name' => sanitize_title(pathinfo($file, PATHINFO_FILENAME)), 'numberposts' => 1]);
    if ($existing) return $byFile[$file] = $existing[0]->ID;
    $upload = wp_upload_bits(basename($file), null, file_get_contents($file));
    if ($upload['error']) { fwrite(STDERR, "$file: {$upload['error']}\n"); exit(1); }
    $id = wp_insert_attachment(['post_mime_type' => wp_check_filetype($upload['file'])['type'], 'post_title' => pathinfo($file, PATHINFO_FILENAME), 'post_status' => 'inherit'], $upload['file']);
    wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $upload['file']));
    return $byFile[$file] = $id;
}
foreach ($articles as $article) {
    $existing = get_page_by_path($article['slug'], OBJECT, 'post');
    if ($existing) {
        if ($article['image'] && !has_post_thumbnail($existing)) set_post_thumbnail($existing, attachment_for($article['image']));
        continue;
    }
    $term = term_exists($article['category'], 'category') ?: wp_insert_term($article['category'], 'category', ['slug' => $article['category']]);
    if (is_wp_error($term)) { fwrite(STDERR, "{$article['category']}: {$term->get_error_message()}\n"); exit(1); }
    $published = strtotime($article['publishedAt']);
    if ($published === false) { fwrite(STDERR, "{$article['slug']}: no date in {$article['publishedAt']}\n"); exit(1); }
    $date = gmdate('Y-m-d H:i:s', $published);
    $id = wp_insert_post([
        'post_title' => $article['title'],
        'post_name' => $article['slug'],
        'post_excerpt' => $article['excerpt'],
        'post_content' => $article['content'],
        'post_status' => 'publish',
        'post_date_gmt' => $date,
        'post_date' => $date,
        'post_category' => [(int) $term['term_id']],
    ], true);
    if (is_wp_error($id)) { fwrite(STDERR, $article['slug'] . ': ' . $id->get_error_message() . "\n"); exit(1); }
    if ($article['image']) set_post_thumbnail($id, attachment_for($article['image']));
    $imported++;
}
flush_rewrite_rules();
echo "WordPress " . get_bloginfo('version') . ", theme " . get_stylesheet() . ": $imported articles imported, " . wp_count_posts()->publish . " published\n";
