#!/usr/bin/env bash
# A plain WordPress beside Ganyan for `npm run bench -- --wordpress URL` (issue 21, "lighter than
# WordPress"): Debian's WordPress 6.1 package, its default block theme (Twenty Twenty-Three), Apache
# with mod_php and OPcache, MariaDB, and the published articles of Ganyan's demo store.
# Run as root, after `npm run seed`: bash bench/wordpress/setup.sh [DATA_DIR] [PORT]
# Idempotent: a second run starts the services and imports only what is missing.
set -euo pipefail
DATA_DIR=$(realpath "${1:-.data}")
PORT="${2:-8088}"
SITE_URL="http://127.0.0.1:${PORT}"
HERE=$(dirname "$(realpath "$0")")
REPO=$(realpath "$HERE/../..")

if [ "$(id -u)" != 0 ]; then echo "setup.sh installs Debian packages and starts services: run it as root" >&2; exit 1; fi
[ -f "$DATA_DIR/ganyan.sqlite" ] || { echo "no store in $DATA_DIR: run npm run seed first" >&2; exit 1; }

export DEBIAN_FRONTEND=noninteractive
PACKAGES=(wordpress wordpress-theme-twentytwentythree mariadb-server apache2 libapache2-mod-php8.2 php8.2-mysql php8.2-opcache php8.2-gd)
dpkg -s "${PACKAGES[@]}" >/dev/null 2>&1 || {
  apt-get update
  apt-get install -y --no-install-recommends "${PACKAGES[@]}"
}

service mariadb start >/dev/null
CONFIG=/etc/wordpress/config-default.php
if [ ! -f "$CONFIG" ]; then
  DB_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
  mariadb -e "CREATE DATABASE IF NOT EXISTS wp_ganyan CHARACTER SET utf8mb4; CREATE OR REPLACE USER 'wp_ganyan'@'localhost' IDENTIFIED BY '${DB_PASSWORD}'; GRANT ALL ON wp_ganyan.* TO 'wp_ganyan'@'localhost';"
  cat > "$CONFIG" <<PHP
<?php
define('DB_NAME', 'wp_ganyan');
define('DB_USER', 'wp_ganyan');
define('DB_PASSWORD', '${DB_PASSWORD}');
define('DB_HOST', 'localhost');
define('WP_CONTENT_DIR', '/var/lib/wordpress/wp-content');
PHP
  chown root:www-data "$CONFIG"
  chmod 640 "$CONFIG"
fi

cat > /etc/apache2/sites-available/ganyan-wordpress.conf <<CONF
Listen ${PORT}
<VirtualHost *:${PORT}>
  DocumentRoot /usr/share/wordpress
  Alias /wp-content /var/lib/wordpress/wp-content
  <Directory /usr/share/wordpress>
    Options FollowSymLinks
    Require all granted
    # Pretty permalinks (/%postname%/) without an .htaccess in the package's files.
    FallbackResource /index.php
  </Directory>
  <Directory /var/lib/wordpress/wp-content>
    Options FollowSymLinks
    Require all granted
  </Directory>
</VirtualHost>
CONF
a2enmod -q deflate php8.2 >/dev/null
a2ensite -q ganyan-wordpress >/dev/null
if service apache2 status >/dev/null 2>&1; then service apache2 reload >/dev/null; else service apache2 start >/dev/null; fi

EXPORT=$(mktemp -d)
trap 'rm -rf "$EXPORT"' EXIT
ARTICLES="$EXPORT/articles.json"
mkdir "$EXPORT/images"
# The project's own Node (22, the devDependency), as npm scripts run it.
(cd "$REPO" && PATH="$REPO/node_modules/.bin:$PATH" tsx bench/wordpress/export-articles.ts "$DATA_DIR" "$EXPORT/images") > "$ARTICLES"
php "$HERE/import.php" "$ARTICLES" "$SITE_URL"
echo "WordPress at $SITE_URL (news list: $SITE_URL/category/haberler/)"
