android {
    namespace = "com.example.links"
    defaultConfig {
        applicationId = "com.example.links"
        minSdk = 31
        manifestPlaceholders["appLinkHost"] = "shop.example.com"
    }
}
