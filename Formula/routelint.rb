# Homebrew formula: builds routelint from a release's source tarball with the Swift that Xcode
# or the Command Line Tools bring (macOS), or Homebrew's swift (Linux).
#
#   brew install --formula ./Formula/routelint.rb
#
# Each release updates `url` and `sha256` (of the tarball GitHub makes of the tag): until the
# first release is tagged the digest below is a placeholder, and `brew install --HEAD` builds
# the main branch instead.
class Routelint < Formula
  desc "Lint route manifests and generate typed routing code and app-link files"
  homepage "https://github.com/routelint/routelint"
  url "https://github.com/routelint/routelint/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/routelint/routelint.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.3", :build]
  depends_on "libyaml"

  uses_from_macos "swift" => :build
  uses_from_macos "libxml2"

  def install
    # The release build every shipped routelint comes from (swift build -c release --traits Hosts).
    system "scripts/release-build", "--disable-sandbox", "--product", "routelint"
    bin.install ".build/release/routelint"
  end

  test do
    (testpath/"app.routes.yaml").write <<~YAML
      manifest: 1
      activities: {main: {default-tab: home}}
      tabs: {home: {activity: main, index: 0, root: home, icon: house}}
      holders: {H: {}}
      routes:
        home: {path: /, holder: H}
    YAML
    assert_match "No problems found", shell_output("#{bin}/routelint lint #{testpath}/app.routes.yaml")
    assert_equal version.to_s, shell_output("#{bin}/routelint --version").strip
  end
end
